package engine

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/wildcard"
)

// Policy composes the rules that decide a call for one persona (docs/rules.md): the
// persona's rules, then the session's rules, which may turn ask into allow but never override a
// deny; guards are checked apart and win when they are more restrictive.
type Policy struct {
	Persona *Compiled // required
	Session *Compiled // optional: rules the person approved during a session
	// Guards are protections no persona may loosen, one compiled set per guards file. Each set
	// decides on its own (last match within the file) and the most restrictive set wins, so a
	// project's guards file can add protections but never lift one of the user's.
	Guards []*Compiled
	// Yolo turns every ask from the persona's or the session's rules (or the default) into
	// allow; it never touches deny, never a guard's ask, and never opens a command the shell
	// analysis could not read (fail closed).
	Yolo bool
	// Place, when set, is where the call runs: path values are then decided under each of
	// their names and, outside the project, by external_directory too (see At).
	Place *Place
	// Name is the persona whose rules Persona holds, named by Decider; "" when unknown.
	Name string
	// Callers are the personas of the agents on the call's chain besides Persona's (a
	// subagent's call: the session's persona and any agent between them), outermost first.
	// Each decides too and the most restrictive answer wins, so that a subagent is never
	// looser than the agent that started it; session rules then apply to the combined answer
	// (they may turn its ask into allow, never a deny), and guards after that.
	Callers []Caller
	// RulesOnly leaves out the closed world's refinements (mentions of denied programs and
	// protected paths, options an allow-listed program's table does not know): a shell command
	// is decided by its units, its rules and the analysis' own asks only. It is for comparing a
	// ruleset with another tool's reading of the same rules (conversions), never for enforcing:
	// the gate, serve and the previews leave it false.
	RulesOnly bool
	// Note is what the person and the agent should know of how the policy was made (a
	// project's personas and guards not used, and why); every decision's reason ends with it
	// (decide.Judge). "" for none.
	Note string
}

// Caller is the persona of an agent on a call's chain: its name and its compiled rules.
type Caller struct {
	Name  string
	Rules *Compiled
}

// Decider names the persona whose rule ref locates: a caller's name for LayerCaller, else
// the policy's own persona (session rules and guards apply on its behalf).
func (p *Policy) Decider(ref RuleRef) string {
	if ref.Layer == LayerCaller && ref.Set >= 0 && ref.Set < len(p.Callers) {
		return p.Callers[ref.Set].Name
	}
	return p.Name
}

// NewPolicy is a Policy over a bare ruleset: no session, no guards.
func NewPolicy(rs Ruleset) *Policy { return &Policy{Persona: Compile(rs)} }

// Decide decides one value for permission key, matched as is (no shell analysis).
func (p *Policy) Decide(key, value string) Decision { return p.decide(key, value, false) }

// decide is Decide, with every rule matched without case when fold is true (a path on a volume
// that compares names so).
func (p *Policy) decide(key, value string, fold bool) Decision {
	eval := (*Compiled).Evaluate
	if fold {
		eval = (*Compiled).evaluateFolded
	}
	d := eval(p.Persona, key, value)
	for ci, c := range p.Callers {
		// The persona itself keeps a tie: the strictest answer is named by the nearest agent.
		if cd := eval(c.Rules, key, value); cd.Action.rank() > d.Action.rank() {
			d = cd
			d.Ref.Layer, d.Ref.Set = LayerCaller, ci
		}
	}
	if p.Session != nil && d.Action != Deny {
		if s := eval(p.Session, key, value); s.Rule != nil {
			d = s
			d.Ref.Layer = LayerSession
		}
	}
	for gi, gs := range p.Guards {
		// On a tie of asks the guard decides, so that its ask is not loosened by yolo below.
		if g := eval(gs, key, value); g.Rule != nil && (g.Action.rank() > d.Action.rank() || g.Action == Ask && d.Action == Ask) {
			d = g
			d.Ref.Layer, d.Ref.Set = LayerGuard, gi
		}
	}
	// Guards are protections no persona may loosen, and yolo is a loosening: a guard's ask
	// (a broken guards file asks for everything) stays an ask.
	if p.Yolo && d.Action == Ask && (d.Rule == nil || !d.Rule.Source.Guard()) {
		d.Action = Allow
		d.Reason = joinReason(d.Reason, "yolo is on: ask turned into allow")
	}
	return d
}

// DecideValues decides a call with several values for key (several paths, say), each matched as
// is, combined as docs/rules.md says. No values is decided as one empty value.
func (p *Policy) DecideValues(key string, values []string) Decision {
	if len(values) == 0 {
		values = []string{""}
	}
	parts := make([]Decision, len(values))
	for i, v := range values {
		parts[i] = p.Decide(key, v)
	}
	return Combine(key, parts)
}

// DecideTool decides a call of tool with value: the tool is mapped to its permission key, and a
// shell command is analysed into the commands it would run, each decided on its own; the call
// gets the most restrictive of them.
func (p *Policy) DecideTool(tool, value string) Decision {
	return p.DecideToolKey(tool, p.ToolKey(tool), value)
}

// CloseUnknown is d, the decision on a call of tool, with the closed-world rule every adapter
// (decide.Judge: the gates, serve, eval, check) adds for tools agentmgr does not know
// (mapping.IsKnownTool): such a
// tool, allowed only by a rule whose permission is "*", asks while the persona (or a persona on
// the chain) restricts bash, edit or webfetch, since it could do any of them unseen. A rule
// naming the tool, or a pattern such as mcp__server__*, decides it as written. DecideTool does
// not apply it: the previews answer what the rules say of a key.
func (p *Policy) CloseUnknown(tool string, d Decision) Decision {
	if mapping.IsKnownTool(tool) || d.Action != Allow || d.Rule == nil || d.Rule.Permission != "*" {
		return d
	}
	var restricted []string
	for _, k := range []string{"bash", "edit", "webfetch"} {
		if p.Restricts(k) {
			restricted = append(restricted, k)
		}
	}
	if len(restricted) == 0 {
		return d
	}
	d.Action = Ask
	d.Reason = joinReason(d.Reason, fmt.Sprintf("%s is a tool agentmgr does not know, allowed only by the catch-all \"*\" rule, and the persona restricts %s, which such a tool could do; a rule naming the tool (or its MCP server, mcp__server__*) decides it as written", tool, strings.Join(restricted, ", ")))
	return d
}

// DecideKey decides a value for permission key with the analysis the key calls for: a shell
// command unit by unit, a path under each of its names when the policy has a Place, any
// other value as is.
func (p *Policy) DecideKey(key, value string) Decision {
	switch {
	case mapping.IsShellKey(key):
		return p.DecideShell(key, value)
	case mapping.IsPathKey(key):
		return p.decidePath(key, value)
	}
	return p.Decide(key, value)
}

// DecideToolValues decides a call of tool with several values (several paths, or several shell
// commands), each as DecideTool would, combined as DecideValues combines; a shell call lists the
// units of every command in order. No values is decided as one empty value.
func (p *Policy) DecideToolValues(tool string, values []string) Decision {
	return p.DecideKeyValues(mapping.KeyForTool(tool), values)
}

// DecideKeyValues is DecideToolValues for a call already mapped to its permission key.
func (p *Policy) DecideKeyValues(key string, values []string) Decision {
	if len(values) == 0 {
		values = []string{""}
	}
	parts := make([]Decision, len(values))
	var units []UnitDecision
	for i, v := range values {
		parts[i] = p.DecideKey(key, v)
		units = append(units, parts[i].Units...)
	}
	d := Combine(key, parts)
	d.Units = units
	return d
}

// DecideShell decides a shell command for key unit by unit (docs/shell.md). A unit that
// writes or reads a file (a redirection, tee FILE) is decided under the edit or read key on its
// path; a unit that runs code from its arguments or environment is allowed only by a rule that
// names what it needs (see shell.Names).
func (p *Policy) DecideShell(key, command string) (out Decision) {
	// The decision must fail closed, even on a bug in the closed world's checks (the analysis
	// recovers on its own): a panic becomes an ask.
	defer func() {
		if r := recover(); r != nil {
			out = Decision{Action: Ask, Permission: key, Value: command, Reason: fmt.Sprintf("the command could not be decided (internal error: %v)", r)}
		}
	}()
	units := shell.Analyze(command)
	out = Decision{Action: Allow, Permission: key, Units: make([]UnitDecision, len(units))}
	deciding := -1
	var decided Decision
	for i, u := range units {
		d := p.decideUnit(key, u)
		out.Units[i] = UnitDecision{Text: u.Text, Permission: d.Permission, Action: d.Action, Rule: d.Rule, Ref: d.Ref, Reason: d.Reason, Suggestion: u.Suggestion}
		if u.Key == "" {
			out.Units[i].Permission = ""
		}
		if deciding < 0 || d.Action.rank() > out.Action.rank() {
			deciding, decided = i, d
			out.Action = d.Action
		}
	}
	out.Rule, out.Ref, out.Value, out.Reason = decided.Rule, decided.Ref, decided.Value, decided.Reason
	return out
}

// decideUnit decides one unit of a shell command whose key is key: by its rules, then at
// least what the path rules and external_directory say of its file arguments, what the
// wrapper floor says of a wrapper, and what the effect families say of its effects.
func (p *Policy) decideUnit(key string, u shell.Unit) Decision {
	d := p.decideUnitRules(key, u)
	if u.Key != "" {
		return d
	}
	d = p.wrapperFloor(u, p.argPaths(u, d))
	if p.RulesOnly || d.Action == Deny {
		return d
	}
	if f, ok := p.family(key, u); ok && f.Action.rank() > d.Action.rank() {
		d = f
	}
	if f, ok := p.deletesProtected(key, u); ok && f.Action.rank() > d.Action.rank() {
		d = f
	}
	return d
}

// decideUnitRules decides one unit of a shell command whose key is key by the rules of its key:
// a file it writes or reads by the path rules, a command by the rules of key.
func (p *Policy) decideUnitRules(key string, u shell.Unit) Decision {
	if u.Key != "" {
		return p.decideUnitPath(key, u)
	}
	return p.decideUnitCommand(key, u)
}

// decideUnitPath decides a file a command writes or reads (u.Key is edit or read) like the edit
// or read tool's path, under each of its names when the policy knows where the call runs.
func (p *Policy) decideUnitPath(key string, u shell.Unit) Decision {
	if u.Into {
		return p.decideFolder(key, u)
	}
	d := p.decidePathSpellings(u)
	switch {
	case u.Late && d.Action == Allow && !p.RulesOnly && !p.protectsEdits(key, d):
		// Only known at run time, but every path is allowed: no edit rule protects any
		// (the built-in builder), so no value the target could take would be refused.
	case u.AskReason != "" && d.Action == Allow:
		d.Action = Ask
		d.Reason = joinReason(d.Reason, u.AskReason)
	case u.DirUnknown && relative(u.Text) && !shell.RunnerFile(u.Text) && u.Key == shell.EditKey && d.Action == Allow:
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("the command moved to a directory only known when it runs, so %s may be any file", u.Text))
	}
	return d
}

// decidePathSpellings decides the path of unit u under every name it may stand for: as
// written, cleaned (~/x/../.bashrc), ~user as ~, ${HOME}, and after cd DIR joined to DIR; the
// strictest wins.
func (p *Policy) decidePathSpellings(u shell.Unit) Decision {
	d := p.decidePath(u.Key, u.Text)
	for i, name := range pathSpellings(u.Text, u.Dir) {
		if i == 0 {
			continue // as written: decided above
		}
		if j := p.decidePath(u.Key, name); j.Action.rank() > d.Action.rank() {
			d = j
			d.Value = u.Text
		}
	}
	return d
}

// decideUnitCommand decides a command unit by the rules of key, then makes an allow ask when
// the command runs what its text does not show or mentions what the rules protect.
func (p *Policy) decideUnitCommand(key string, u shell.Unit) Decision {
	d, named := p.decideSpellings(key, u)
	switch {
	case u.AskReason != "" && d.Action == Allow:
		d.Action = Ask
		d.Reason = joinReason(d.Reason, u.AskReason)
		return d
	case !named && d.Action == Allow && d.Rule != nil && d.Rule.Action == Allow:
		d.Action = Ask
		shown := u.Text
		if u.Full != "" {
			shown = u.Full
		}
		d.Reason = joinReason(d.Reason, fmt.Sprintf("%q runs code given in its arguments or environment; only a rule that names %s can allow it", shown, strings.Join(strings.Fields(u.Needs), " and ")))
		return d
	}
	if d.Action != Allow || p.RulesOnly {
		return d
	}
	if a, ok := p.askUnknown(key, u, d); ok {
		return a
	}
	return p.gitRepoConfig(u, p.closeWorld(key, u, d))
}

// decideSpellings decides a command unit under each of its spellings, the strictest winning,
// and reports whether a rule that decided it names what u.Needs (the code it runs) says.
func (p *Policy) decideSpellings(key string, u shell.Unit) (Decision, bool) {
	d := p.Decide(key, u.Text)
	named := u.Needs == "" || names(d, u.Needs)
	for _, alt := range [...]string{u.Base, u.Full, u.Plain} {
		if alt == "" {
			continue
		}
		// A command named by path is also matched by its base name, one with assignments
		// that change what it runs by its full text, and one with global options before its
		// subcommand without them; the stricter wins.
		b := p.Decide(key, alt)
		if b.Action.rank() > d.Action.rank() || alt == u.Full && b.Action == d.Action {
			d = b
		}
		named = named || u.Needs != "" && names(b, u.Needs)
	}
	if u.Full != "" && d.Action == Allow && !fromRule(d, u.Full) {
		named = false
	}
	return d, named
}

// askUnknown turns allow d into an ask when the unit runs an alias or a program whose
// subcommand the engine does not know, or passes an option it does not know, and no rule that
// names them allowed it.
func (p *Policy) askUnknown(key string, u shell.Unit, d Decision) (Decision, bool) {
	if u.UnknownSub != "" && d.Rule != nil && d.Rule.Action == Allow && !shell.Names(d.Rule.Pattern, u.UnknownSub) &&
		(!IsCatchAll(d.Rule.Pattern) || p.watches(key, baseNameOf(u.Text))) {
		// An alias or an external program: what it runs is not in the text. A catch-all is
		// consent to it unless the rules deny or ask some form of the program (git push *),
		// which the alias may be.
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("%s is not a %s command: an alias from a configuration file or a program on PATH runs what the command does not show; only a rule that names it can allow it",
			u.UnknownSub, baseNameOf(u.Text)))
		return d, true
	}
	if u.Unknown != "" && d.Rule != nil && d.Rule.Action == Allow && !IsCatchAll(d.Rule.Pattern) && !shell.Names(d.Rule.Pattern, u.Unknown) {
		// An allow-list is closed: a rule naming the program allows the options the engine
		// knows for it, not every option it may have.
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("%s is not an option the engine knows for %q; only a rule that names it can allow it",
			strings.Join(strings.Fields(u.Unknown), " and "), strings.Fields(u.Text)[0]))
		return d, true
	}
	return d, false
}

// closeWorld makes an allowed command unit at least ask when it mentions a program the rules
// deny or ask about, or a path they protect (docs/shell.md, "The closed world"). A known
// reader's protected operand takes the read rules' answer, deny included.
func (p *Policy) closeWorld(key string, u shell.Unit, d Decision) Decision {
	if hyp, m, ok := p.mentioned(key, u); ok {
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("the command mentions %s, and %q would be %s (%s): the analysis cannot tell that it does not run it",
			strings.Fields(hyp)[0], hyp, verbPast(m.Action), ruleOrDefault(m)))
		return d
	}
	if u.Below != "" {
		for root := range strings.SplitSeq(u.Below, "\n") {
			if r := p.protectedBelow(key, shell.ReadKey, root, u.Dir); r != nil {
				d.Action = Ask
				d.Reason = joinReason(d.Reason, fmt.Sprintf("the command runs a command on the files below %s, and %s protects some of them", root, r.String()))
				return d
			}
		}
	}
	if tok, m, ok := p.protectedMention(key, u); ok {
		if m.Action == Deny {
			m.Reason = joinReason(m.Reason, fmt.Sprintf("%s reads %s", strings.Fields(u.Text)[0], tok))
			return m
		}
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("the command mentions %s, a path that is %s for %s (%s): the analysis cannot tell what it does with it",
			tok, verbPast(protectedAction(m)), m.Permission, ruleOrDefault(m)))
	}
	return d
}

// decideFolder decides a folder a command writes files into (or, for find -exec, runs a
// command on the files below) whose names the text does not show: as a file under it, and at
// least ask when an edit (read) rule protects some path under it.
func (p *Policy) decideFolder(key string, u shell.Unit) Decision {
	var d Decision
	found := false
	for _, dir := range pathSpellings(strings.TrimSuffix(u.Text, "/"), u.Dir) {
		under := dir + "/*"
		if strings.HasSuffix(dir, "*") {
			under = dir // a name prefix (split, csplit)
		}
		j := p.decidePath(u.Key, under)
		if !found || j.Action.rank() > d.Action.rank() {
			d, found = j, true
		}
		if d.Action != Allow {
			continue
		}
		if r := p.protectedBelow(key, u.Key, dir, ""); r != nil {
			return Decision{Action: Ask, Rule: r, Permission: u.Key, Value: u.Text,
				Reason: fmt.Sprintf("the command writes files into %s, and %s protects some of the paths there", u.Text, r.String())}
		}
	}
	d.Value = u.Text
	if u.AskReason != "" && d.Action == Allow {
		d.Action = Ask
		d.Reason = joinReason(d.Reason, u.AskReason)
	}
	return d
}

// protectedBelow returns a rule of key (edit or read) that denies or asks for some path below
// the folder dir (under any of its spellings, joined to moved when relative), or nil.
func (p *Policy) protectedBelow(shellKey, key, dir, moved string) *Rule {
	for _, name := range pathSpellings(strings.TrimSuffix(dir, "/"), moved) {
		for _, cw := range p.worlds(shellKey) {
			for _, pp := range cw.protected {
				// A pattern that matches anywhere (*.env) would meet every folder: an
				// extraction or a copy into out/ is not taken for an edit of a .env file.
				if pp.pattern == "" || strings.ContainsAny(pp.pattern[:1], "*?") {
					continue
				}
				under := NormalizePath(name, pp.home) + "/*"
				if strings.HasSuffix(name, "*") {
					under = NormalizePath(name, pp.home)
				}
				if pp.key == key && wildcard.Meet(under, NormalizePath(pp.pattern, pp.home)) {
					return &pp.rule.Rule
				}
			}
		}
	}
	return nil
}

// relative reports whether a path as written is relative to the working directory.
func relative(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$HOME") && !strings.HasPrefix(p, "${HOME}")
}

// protectedAction is what the rule behind a mention decides (ask for a deny turned into ask).
func protectedAction(d Decision) Action {
	if d.Rule != nil {
		return d.Rule.Action
	}
	return d.Action
}

// verbPast is an action as a past participle: allowed, asked, denied.
func verbPast(a Action) string {
	switch a {
	case Allow:
		return "allowed"
	case Deny:
		return "denied"
	}
	return "asked"
}

// ruleOrDefault names the rule behind d, or the default; a rule of the built-in guard says
// so, since no file shows it.
func ruleOrDefault(d Decision) string {
	switch {
	case d.Rule == nil:
		return "no rule allows it"
	case d.Rule.Source.Kind == FromBuiltinGuard:
		return d.Rule.String() + " of the " + string(FromBuiltinGuard)
	}
	return d.Rule.String()
}

// names reports whether d was decided by an allowing rule whose pattern names needs.
func names(d Decision, needs string) bool {
	return d.Action == Allow && d.Rule != nil && d.Rule.Action == Allow && shell.Names(d.Rule.Pattern, needs)
}

// fromRule reports whether d's rule matched value (an allow through yolo has no allowing rule).
func fromRule(d Decision, value string) bool {
	return d.Rule == nil || d.Rule.Action != Allow || d.Value == value
}

// Hidden reports whether tool is hidden from the agent: by the persona's rules, or by a guard
// that denies it outright. Session rules never change what is hidden. A guard file is mostly
// narrow denies (`*.env`, `rm -rf /*`), so "every rule for the key denies" is no reason for a
// guard to hide a tool: only a last `*` deny is.
func (p *Policy) Hidden(tool string) bool {
	r, _ := p.HiddenBy(tool)
	return r != nil
}

// HiddenBy is Hidden with the rule that hides tool and where it is: the persona's last rule
// for the tool's key, a caller's (a tool any persona on the chain hides is hidden), or the `*`
// deny of the first guards file that denies it outright; nil when the tool is not hidden.
func (p *Policy) HiddenBy(tool string) (*Rule, RuleRef) {
	key := p.ToolKey(tool)
	if p.Persona.HiddenKey(key) {
		cands := p.Persona.candidates(key)
		last := cands[len(cands)-1]
		return &p.Persona.rules[last].Rule, RuleRef{Layer: LayerPersona, Index: int(last)}
	}
	for ci, c := range p.Callers {
		if c.Rules.HiddenKey(key) {
			cands := c.Rules.candidates(key)
			last := cands[len(cands)-1]
			return &c.Rules.rules[last].Rule, RuleRef{Layer: LayerCaller, Set: ci, Index: int(last)}
		}
	}
	for gi, gs := range p.Guards {
		if cands := gs.candidates(key); gs.deniesOutright(cands) {
			last := cands[len(cands)-1]
			return &gs.rules[last].Rule, RuleRef{Layer: LayerGuard, Set: gi, Index: int(last)}
		}
	}
	return nil, RuleRef{}
}

// protectsEdits reports whether a write could be refused by the path it names: some layer's
// edit rules deny or ask for some paths, or d (the target's decision as written) was not
// reached through a catch-all allow.
func (p *Policy) protectsEdits(key string, d Decision) bool {
	if d.Rule == nil || !IsCatchAll(strings.TrimPrefix(d.Rule.Pattern, "/")) || d.Ref.Layer == LayerSession {
		return true
	}
	for _, cw := range p.worlds(key) {
		for _, pp := range cw.protected {
			if pp.key == shell.EditKey {
				return true
			}
		}
	}
	for _, c := range p.Callers {
		if c.Rules.closedWorld(key) != nil {
			for _, pp := range c.Rules.closedWorld(key).protected {
				if pp.key == shell.EditKey {
					return true
				}
			}
		}
	}
	return false
}
