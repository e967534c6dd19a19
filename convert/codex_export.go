package convert

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/personas"
)

// codexWrappers are programs agentmgr's shell analysis looks through (the command they run is
// decided too) and Codex's prefix rules do not: a rule for them decides the whole command line.
var codexWrappers = map[string]bool{
	"sudo": true, "doas": true, "env": true, "nice": true, "nohup": true, "timeout": true, "time": true,
	"xargs": true, "command": true, "exec": true, "builtin": true, "stdbuf": true, "ionice": true,
	"chroot": true, "setsid": true, "bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true,
	"eval": true, "watch": true, "flock": true, "unbuffer": true, "chrt": true, "taskset": true,
}

// codexEntry is one bash rule of the persona as it goes into the .rules file.
type codexEntry struct {
	idx    int      // the rule's index in the persona's rules
	words  []string // the literal words that agentmgr's pattern starts with
	exact  bool     // the pattern is the whole command (no trailing " *"): agentmgr matches only it
	glob   bool     // the pattern has a wildcard inside or after its words, other than a trailing " *"
	prefix []string // the prefix written for Codex
	// alts, when set, are the words Codex matches after prefix, any of them (git push
	// --force*: --force, --force-if-includes, --force-with-lease)
	alts   []string
	action engine.Action
}

// codexFallback is how the export says what Codex does with a command no rule matches: the
// approval policy to run Codex with, and the decision that policy stands for.
type codexFallback struct {
	action  engine.Action // the persona's catch-all (ask when it has none)
	rule    int           // the catch-all rule's index, -1 for agentmgr's default
	policy  string        // approval_policy
	config  []string      // the config.toml lines to run Codex with
	codex   string        // Codex's decision for an unmatched command under that config
	shellOK bool          // false when the shell tool is turned off
	byName  string        // forbidden or prompt: the decision written for the programs no rule names, "" for none
}

// ExportCodex writes the persona's bash rules as a Codex `.rules` file (rules/NAME.rules; Codex
// loads every .rules file of a project's .codex/rules/ and of ~/.codex/rules/). Codex's rules
// match a literal prefix of a command's argv and apply the strictest matching rule; agentmgr's
// match wildcards over the command's text, the last match wins, and wrappers and compound
// commands are looked through. What that difference changes is reported rule by rule, and the
// report's fidelity figure counts the persona's rules as enforced as written, changed or lost.
func ExportCodex(p *personas.Persona, src []byte) (*Export, error) {
	path := "rules/" + p.Name + ".rules"
	rep := newReport(p.Where(), path, EnforcedByFile)
	verdicts := newRuleVerdicts(len(p.Rules))
	rep.keep("name (the file name)")
	rep.lose("description, prompt, icon, color, type", "a .rules file holds only command rules; put the prompt in AGENTS.md")
	reportForeign(src, "", rep)

	bash, other := splitBashRules(p.Rules)
	if len(other) > 0 {
		var keys []string
		for _, i := range other {
			verdicts.mark(i, ruleLost)
			keys = appendOnce(keys, p.Rules[i].Permission)
		}
		rep.lose(fmt.Sprintf("%d rules for %s", len(other), strings.Join(keys, ", ")),
			"Codex's rules decide shell commands only; Codex governs edits, reads and the network with its sandbox and approval policy")
	}
	fb := codexFallbackFor(p.Rules, bash)
	entries, shadowed := codexEntries(p.Rules, bash, fb, verdicts, rep)
	if shadowed > 0 {
		rep.keep(fmt.Sprintf("%d bash rules a later rule overrides (not written: they never decide)", shadowed))
	}
	codexExceptions(p.Rules, entries, verdicts, rep)
	fb.finish(p.Rules, entries, verdicts, rep)

	pol := &codexPolicy{}
	for _, e := range entries {
		r := p.Rules[e.idx]
		cr := codexRule{Decision: codexDecision(e.action), Justification: r.Reason,
			Comment: fmt.Sprintf("bash %q: %s%s", r.Pattern, r.Action, ruleWhere(r))}
		for _, w := range e.prefix {
			cr.Pattern = append(cr.Pattern, []string{w})
		}
		if len(e.alts) > 0 {
			cr.Pattern = append(cr.Pattern, e.alts)
		}
		pol.Rules = append(pol.Rules, cr)
		if e.action == engine.Allow && strings.HasPrefix(e.prefix[0], "/") {
			pol.Hosts = appendHost(pol.Hosts, e.prefix[0])
		}
	}
	codexGlobalOptionRules(pol, entries, verdicts, rep)
	scripts := codexWrapperRules(pol, entries, fb, rep)
	if fb.byName != "" {
		codexClosedWorld(p.Rules, pol, entries, fb.byName, rep)
	}
	for _, e := range entries {
		codexWrapperReport(p.Rules[e.idx], e, scripts, verdicts, rep)
	}
	if len(pol.Hosts) > 0 {
		rep.change("host_executable", "a program named by its absolute path", "host_executable for its base name",
			"declares which absolute path the allowed program is; with host-executable resolution Codex then applies the program's base-name rules to that path only")
	}
	codexExamples(p, pol, fb, rep)

	header := []string{
		"Codex rules for the agentmgr persona " + p.Name + ", written by agentmgr export --to codex.",
		"Codex applies the strictest rule that matches a command's argv prefix. Commands no rule",
		"matches are decided by Codex's approval policy; this persona's catch-all is " + string(fb.action) + ", so run Codex with:",
	}
	for _, c := range fb.config {
		header = append(header, "  "+c)
	}
	header = append(header, "agentmgr-fallback: "+string(fb.action))
	data := pol.render(header)
	// The file must read back as written: a rule that would not parse is a bug, not an export.
	if _, _, err := parseCodexRules(path, data); err != nil {
		return nil, fmt.Errorf("codex export of %s: %w", p.Name, err)
	}
	codexCompare(p.Rules, pol, fb, verdicts, rep)
	rep.Fidelity = verdicts.fidelity()
	return &Export{Files: []File{{Path: path, Data: data}}, Report: rep}, nil
}

// splitBashRules sorts the rules' indexes into those that apply to bash commands (their
// permission matches the key bash) and the others.
func splitBashRules(rs engine.Ruleset) (bash, other []int) {
	for i, r := range rs {
		if engine.CompilePattern(r.Permission, engine.PatternOptions{}).Match("bash") {
			bash = append(bash, i)
		} else {
			other = append(other, i)
		}
	}
	return bash, other
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

func ruleWhere(r engine.Rule) string {
	if s := r.Source.Location(); s != "" {
		return " (" + s + ")"
	}
	return ""
}

// codexFallbackFor finds the catch-all that decides bash commands no other rule matches: the
// last bash rule whose pattern matches every command.
func codexFallbackFor(rs engine.Ruleset, bash []int) *codexFallback {
	fb := &codexFallback{action: engine.Ask, rule: -1, shellOK: true}
	for _, i := range bash {
		if engine.IsCatchAll(rs[i].Pattern) {
			fb.action, fb.rule = rs[i].Action, i
		}
	}
	return fb
}

// codexEntries translates the bash rules after the catch-all (the rules before it never decide)
// into prefix rules, marking each rule's verdict and reporting what changes. It returns the
// entries to write and how many rules were left out because a later rule overrides them.
func codexEntries(rs engine.Ruleset, bash []int, fb *codexFallback, verdicts ruleVerdicts, rep *Report) ([]codexEntry, int) {
	var cands []codexEntry
	shadowed := 0
	for _, i := range bash {
		r := rs[i]
		if i < fb.rule || engine.IsCatchAll(r.Pattern) && i != fb.rule {
			shadowed++ // a later catch-all decides every command this rule matches
			continue
		}
		if i == fb.rule {
			continue
		}
		e, ok := codexEntryFor(r, i, verdicts, rep)
		if ok {
			cands = append(cands, e)
		}
	}
	var out []codexEntry
	for k, e := range cands {
		covered := false
		for _, later := range cands[k+1:] {
			if agentmgrCovers(later, e) {
				covered = true
				break
			}
		}
		if covered {
			shadowed++
			continue
		}
		out = append(out, e)
	}
	return out, shadowed
}

// codexEntryFor classifies one bash pattern: literal words (then an optional trailing " *"),
// or words with a wildcard inside or in the middle, which Codex cannot say.
func codexEntryFor(r engine.Rule, i int, verdicts ruleVerdicts, rep *Report) (codexEntry, bool) {
	e := codexEntry{idx: i, action: r.Action}
	pat := collapseStars(r.Pattern)
	words := strings.Split(pat, " ")
	trailing := len(words) > 1 && words[len(words)-1] == "*"
	if trailing {
		words = words[:len(words)-1]
	}
	what := fmt.Sprintf("bash %q %s", r.Pattern, r.Action)
	for _, w := range words {
		if w == "|" || w == "&&" || w == "||" || w == ";" || w == "|&" {
			rep.lose(what, fmt.Sprintf("agentmgr decides each command of a command line on its own, so this rule matches only a quoted %q; Codex checks each command too and has no such rule", w))
			verdicts.mark(i, ruleLost)
			return e, false
		}
	}
	g := -1
	for k, w := range words {
		if w == "" {
			rep.lose(what, "the pattern has an empty word (two spaces in a row), which no command's words match; Codex matches words")
			verdicts.mark(i, ruleLost)
			return e, false
		}
		if strings.ContainsAny(w, "*?") {
			g = k
			break
		}
	}
	if g < 0 {
		e.words, e.prefix, e.exact = words, words, !trailing
		if e.exact {
			v, how := ruleStricter, "Codex also denies or asks for"
			if r.Action == engine.Allow {
				v, how = ruleLooser, "Codex also allows"
			}
			rep.change(what, "the command "+strings.Join(words, " ")+" only", "prefix ["+strings.Join(words, ", ")+"]",
				fmt.Sprintf("a Codex rule matches a prefix: %s the command with more arguments (%s ...)", how, strings.Join(words, " ")))
			verdicts.mark(i, v)
		}
		return e, true
	}
	e.words, e.glob = words[:g], true
	w := words[g]
	inWord := w != "*"
	last := g == len(words)-1
	kind := "a mid-pattern wildcard"
	if inWord && last {
		kind = "an in-word wildcard"
	}
	stem, stemOK := strings.CutSuffix(w, "*")
	stemOK = stemOK && last && stem != "" && !strings.ContainsAny(stem, "*?")
	if spelled := codexSpelledOut(words, g, stem, stemOK); r.Action != engine.Allow && len(e.words) > 0 && (stemOK || len(spelled) == 1) {
		return codexHoldBack(e, r, words, spelled, stemOK, kind, verdicts, rep), true
	}
	if stemOK {
		// An in-word wildcard at the end keeps its literal stem as the last word: an allow
		// ("git push --dry*") allows that word exactly, the other words the wildcard matched
		// being decided by the other rules (stricter); a deny or ask of a first word ("rm*")
		// holds back that program only (looser, and the report says so).
		e.prefix = append(append([]string{}, e.words...), stem)
		dir := "stricter"
		if r.Action != engine.Allow {
			dir = "looser"
		}
		rep.change(what, "words starting "+strings.Join(e.prefix, " "), "prefix ["+strings.Join(e.prefix, ", ")+"]",
			fmt.Sprintf("Codex has no wildcards (%s); the rule now covers the word %q exactly, and the other words it matched are decided by the other rules or the approval policy (%s)", kind, stem, dir))
		if dir == "stricter" {
			verdicts.mark(i, ruleStricter)
		} else {
			verdicts.mark(i, ruleLooser)
		}
		return e, true
	}
	if r.Action == engine.Allow {
		rep.lose(what, fmt.Sprintf("Codex has no wildcards (%s) and a shorter prefix would allow more; those commands are decided by the other rules or the approval policy (stricter)", kind))
		verdicts.mark(i, ruleLost)
		return e, false
	}
	// A wildcard before any word ("* --force") leaves no prefix to write.
	rep.lose(what, fmt.Sprintf("Codex has no wildcards (%s) and the pattern names no word before it; these commands are no longer %s by a rule of their own, the other rules and the approval policy decide them (looser)", kind, verbed(r.Action)))
	verdicts.mark(i, ruleLost)
	return e, false
}

// codexHoldBack writes entry e of deny or ask rule r (words, its wildcard standing for spelled
// when known) so that Codex holds back every command the rule matches.
func codexHoldBack(e codexEntry, r engine.Rule, words, spelled []string, stemOK bool, kind string, verdicts ruleVerdicts, rep *Report) codexEntry {
	i, what := e.idx, fmt.Sprintf("bash %q %s", r.Pattern, r.Action)
	// A deny or an ask must never let through what the persona holds back. Codex has no
	// wildcards: the words the wildcard stands for are spelt out when the shell
	// analysis's option tables know them (git push --force* is --force,
	// --force-if-includes and --force-with-lease; git * --hard is git reset, the one
	// subcommand taking --hard), else an in-word wildcard's rule is written for the words
	// before it, deciding their siblings too. A mid-pattern wildcard that several
	// subcommands could fill (git * --force) is lost by codexEntryFor: holding back every git push,
	// checkout and branch would decide too much otherwise.
	e.prefix = append([]string{}, e.words...)
	e.alts = spelled
	written := "prefix [" + strings.Join(e.prefix, ", ") + "]"
	why := fmt.Sprintf("the rule now %s every command starting %s (stricter)", verbs(r.Action), strings.Join(e.prefix, " "))
	if len(e.alts) > 0 {
		written = "prefix [" + strings.Join(e.prefix, ", ") + ", " + strings.Join(e.alts, "|") + "]"
		why = fmt.Sprintf("the rule now %s the commands starting %s and one of %s, the words agentmgr knows the wildcard to stand for; an option given its value in the same word (--opt=VALUE) is not matched (looser)", verbs(r.Action), strings.Join(e.prefix, " "), strings.Join(e.alts, ", "))
		if !stemOK {
			why = fmt.Sprintf("the rule now %s every %s %s command, the subcommands agentmgr knows to take %s (stricter)", verbs(r.Action), e.prefix[0], strings.Join(e.alts, "|"), words[len(words)-1])
		}
	}
	rep.change(what, "commands matching "+r.Pattern, written, "Codex has no wildcards ("+kind+"); "+why)
	if len(e.alts) > 0 && stemOK {
		verdicts.mark(i, ruleLooser)
	} else {
		verdicts.mark(i, ruleStricter)
	}
	return e
}

// codexSpelledOut are the words a deny's or an ask's wildcard at position g of words stands
// for, as far as the shell analysis's option tables know them: the long options of the
// command that start with stem (an in-word wildcard at the end), or the subcommands that take
// the option a pattern `PROG * --opt` ends with. nil when they are not known.
func codexSpelledOut(words []string, g int, stem string, stemOK bool) []string {
	if stemOK && strings.HasPrefix(stem, "--") {
		var out []string
		for _, o := range shell.LongOptions(words[:g]...) {
			if strings.HasPrefix(o, stem) {
				out = append(out, o)
			}
		}
		return out
	}
	last := words[len(words)-1]
	if !stemOK && g == 1 && len(words) == 3 && words[1] == "*" && strings.HasPrefix(last, "--") && !strings.ContainsAny(last, "*?") {
		return shell.SubcommandsWith(words[0], last)
	}
	return nil
}

func collapseStars(s string) string {
	for strings.Contains(s, "**") {
		s = strings.ReplaceAll(s, "**", "*")
	}
	return s
}

// verbs is what a rule of action a does to a call, for the report: "the rule now allows ...".
func verbs(a engine.Action) string { return actionWord(a, "allows", "asks for", "denies") }

// verbed is what happens to a call a rule of action a decides: "no longer allowed by a rule".
func verbed(a engine.Action) string { return actionWord(a, "allowed", "asked for", "denied") }

// agentmgrCovers reports whether rule a matches, in agentmgr, every command rule b matches.
func agentmgrCovers(a, b codexEntry) bool {
	if a.glob {
		return false // its matches are not a whole prefix; no claim is made
	}
	if a.exact {
		return b.exact && !b.glob && equalWords(a.words, b.words)
	}
	return hasPrefixWords(b.words, a.words)
}

func hasPrefixWords(words, prefix []string) bool {
	if len(prefix) > len(words) {
		return false
	}
	for k := range prefix {
		if words[k] != prefix[k] {
			return false
		}
	}
	return true
}

func equalWords(a, b []string) bool { return len(a) == len(b) && hasPrefixWords(a, b) }

// codexExceptions reports the rules Codex decides more strictly because a stricter rule with a
// shorter prefix matches their commands too: agentmgr's later rule wins, Codex's strictest.
func codexExceptions(rs engine.Ruleset, entries []codexEntry, verdicts ruleVerdicts, rep *Report) {
	for _, b := range entries {
		for _, a := range entries {
			if a.idx == b.idx || !hasPrefixWords(b.prefix, a.prefix) || engine.Stricter(b.action, a.action) == b.action {
				continue
			}
			rb, ra := rs[b.idx], rs[a.idx]
			rep.change(fmt.Sprintf("bash %q %s", rb.Pattern, rb.Action), string(rb.Action), string(a.action),
				fmt.Sprintf("an exception to bash %q %s: agentmgr's last matching rule wins, Codex applies the strictest matching rule (stricter)", ra.Pattern, ra.Action))
			verdicts.mark(b.idx, ruleStricter)
			break
		}
	}
}

// finish chooses the approval policy for the catch-all and reports what it changes.
func (fb *codexFallback) finish(rs engine.Ruleset, entries []codexEntry, verdicts ruleVerdicts, rep *Report) {
	from := string(fb.action) + " (agentmgr's default: no catch-all rule)"
	if fb.rule >= 0 {
		from = fmt.Sprintf("%s (bash %q %s)", fb.action, rs[fb.rule].Pattern, fb.action)
	}
	what := "bash commands no rule matches"
	switch fb.action {
	case engine.Allow:
		fb.policy, fb.codex = "never", "allow"
		fb.config = []string{`approval_policy = "never"`}
		rep.change(what, from, `approval_policy = "never"`,
			"Codex runs a command no rule matches without asking (inside its sandbox; choose sandbox_mode as you need); Codex forbids instead the few it judges dangerous, such as rm -rf / (stricter)")
	case engine.Ask:
		// Under on-request a command no rule matches runs in the sandbox without asking (only
		// a request to leave it asks): the programs the persona asks for are named in prompt
		// rules (codexClosedWorld), and what is left is counted as allowed.
		fb.policy, fb.codex, fb.byName = "on-request", "allow", "prompt"
		fb.config = []string{`approval_policy = "on-request"`}
		rep.change(what, from, `prompt rules for common programs; approval_policy = "on-request"`,
			"Codex 0.171.0 has no policy that asks for every command: under on-request a command no rule matches runs in the sandbox without asking, and asks only when the model requests to leave the sandbox; the programs a coding agent commonly runs are asked for by name, any other program runs sandboxed (looser)")
		if fb.rule >= 0 {
			verdicts.mark(fb.rule, ruleLooser)
		}
	default:
		bashAllowed := false
		for _, e := range entries {
			if e.action != engine.Deny {
				bashAllowed = true
			}
		}
		if !bashAllowed {
			fb.policy, fb.codex, fb.shellOK = "on-request", "forbidden", false
			fb.config = []string{`approval_policy = "on-request"`, "[features]", "shell_tool = false"}
			rep.change(what, from, "shell_tool = false",
				"the persona runs no shell command, so Codex's shell tool is turned off; the prefix rules still forbid what the persona names")
			return
		}
		// Codex 0.171.0 has no policy that forbids an unmatched command: the granular policy
		// with sandbox_approval = false at least never lets one leave the read-only sandbox
		// (the request is rejected without asking), while the persona's prompt rules still
		// ask. The listed programs are forbidden by rules (codexClosedWorld).
		fb.policy, fb.codex, fb.byName = "granular", "allow", "forbidden"
		fb.config = []string{`sandbox_mode = "read-only"`, "[approval_policy.granular]", "sandbox_approval = false",
			"rules = true", "mcp_elicitations = true"}
		rep.change(what, from, `forbidden rules for common programs; approval_policy granular (sandbox_approval = false), sandbox_mode = "read-only"`,
			"Codex cannot forbid every command no rule names while it allows some: the programs a coding agent commonly runs are forbidden by name, and any other program runs in the read-only sandbox without being asked for, and is refused when it asks to leave it (looser)")
		if fb.rule >= 0 {
			verdicts.mark(fb.rule, ruleLooser)
		}
	}
}

// codexPlainWrappers are wrappers that, without options, run the command that follows them:
// a deny or ask rule for X is written again as the rule for WRAPPER X, so that Codex, which
// does not look through them, still catches their plainest spelling.
var codexPlainWrappers = []string{"sudo", "env", "nohup", "nice", "time", "command"}

// codexScriptRunners are the shells a script is given to as an argument (bash -c SCRIPT):
// Codex cannot match a rule inside the script, so the export asks for them.
var codexScriptRunners = [][]string{{"bash", "-c"}, {"bash", "-lc"}, {"sh", "-c"}, {"sh", "-lc"}, {"zsh", "-c"}, {"zsh", "-lc"}}

// codexWrapperRules adds the wrapper spellings of the persona's deny and ask rules, and, when
// commands no rule names are allowed while some are not, a prompt for every script given to a
// shell: otherwise `bash -c 'rm -rf /'` would run under the allowing approval policy whatever
// the rules deny. It reports whether the scripts are asked for.
func codexWrapperRules(pol *codexPolicy, entries []codexEntry, fb *codexFallback, rep *Report) bool {
	has := func(prefix []string) bool {
		for _, r := range pol.Rules {
			if len(r.Pattern) == len(prefix) {
				same := true
				for k := range prefix {
					same = same && len(r.Pattern[k]) == 1 && r.Pattern[k][0] == prefix[k]
				}
				if same {
					return true
				}
			}
		}
		return false
	}
	restricted, namesShell := false, false
	var added []codexRule
	for _, e := range entries {
		if codexWrappers[e.prefix[0]] {
			namesShell = namesShell || e.prefix[0] == "bash" || e.prefix[0] == "sh" || e.prefix[0] == "zsh"
			continue
		}
		if e.action == engine.Allow {
			continue
		}
		restricted = true
		for _, w := range codexPlainWrappers {
			prefix := append([]string{w}, e.prefix...)
			if has(prefix) {
				continue
			}
			cr := codexRule{Decision: codexDecision(e.action), Comment: "agentmgr: " + w + " running " + strings.Join(e.prefix, " ") + ", which Codex does not look through"}
			for _, x := range prefix {
				cr.Pattern = append(cr.Pattern, []string{x})
			}
			added = append(added, cr)
		}
	}
	pol.Rules = append(pol.Rules, added...)
	if len(added) > 0 {
		rep.change("wrappers", "looked through by agentmgr", fmt.Sprintf("%d rules for %s before a denied or asked-for command", len(added), strings.Join(codexPlainWrappers, ", ")),
			"Codex matches the argv prefix only, so each deny and ask rule is also written for the wrappers' plainest spelling (sudo rm ...)")
	}
	if !restricted || namesShell || fb.action != engine.Allow {
		return false
	}
	for _, sr := range codexScriptRunners {
		pol.Rules = append(pol.Rules, codexRule{Pattern: [][]string{{sr[0]}, {sr[1]}}, Decision: "prompt",
			Comment: "agentmgr: a script given to " + sr[0] + " runs commands no rule here can see"})
	}
	rep.change("bash -c SCRIPT, sh -c SCRIPT", "decided by the commands of the script", "prompt",
		"Codex cannot match a rule inside a script given as an argument, and the approval policy allows what no rule matches; asking keeps the deny and ask rules from being bypassed (stricter for scripts the persona allows)")
	return true
}

// codexWrapperReport reports, rule by rule, the wrapper forms Codex still does not look
// through: a deny or ask rule for X no longer catches `timeout 5 X`, `env A=1 X`, X after
// `&&`; an allow rule for a wrapper allows whatever it runs.
func codexWrapperReport(r engine.Rule, e codexEntry, scripts bool, verdicts ruleVerdicts, rep *Report) {
	what := fmt.Sprintf("bash %q %s", r.Pattern, r.Action)
	prog := e.prefix[0]
	if codexWrappers[prog] {
		if r.Action == engine.Allow {
			rep.change(what, "allows "+prog+" and decides the command it runs by the other rules", "allows "+prog+" with any command",
				"Codex does not look through wrappers: the command after "+prog+" is not checked (looser)")
			verdicts.mark(e.idx, ruleLooser)
		}
		return
	}
	if r.Action == engine.Allow {
		return
	}
	missed := []string{"nice -n 5 " + prog, "timeout 5 " + prog, "env A=1 " + prog, "xargs " + prog, "a && " + prog}
	if !scripts {
		missed = append(missed, "bash -c '"+prog+" ...'")
	}
	cmd := strings.Join(e.prefix, " ")
	rep.change(what, verbs(r.Action)+" "+cmd+" wherever it runs", verbs(r.Action)+" "+cmd+" as the command, or after a plain sudo, env, nohup, nice, time or command",
		"Codex's rules do not look through wrappers with options or split command lines: "+strings.Join(missed, ", ")+" are decided by other rules or the approval policy (looser)")
	verdicts.mark(e.idx, ruleLooser)
}

func appendHost(hosts []codexHost, path string) []codexHost {
	name := path[strings.LastIndex(path, "/")+1:]
	for i := range hosts {
		if hosts[i].Name == name {
			hosts[i].Paths = appendOnce(hosts[i].Paths, path)
			return hosts
		}
	}
	return append(hosts, codexHost{Name: name, Paths: []string{path}})
}

// codexExamples writes the persona's bash examples as the rules' match and not_match lists,
// which Codex checks when it loads the file: an example Codex decides as expected is a match of
// the rule that decides it, or, when the approval policy decides it, a not_match of the rules
// of its program. Examples Codex decides otherwise, and examples of other tools, are reported.
func codexExamples(p *personas.Persona, pol *codexPolicy, fb *codexFallback, rep *Report) {
	var otherTools, differ []string
	for _, ex := range p.Examples {
		if ex.Tool != "bash" {
			otherTools = append(otherTools, ex.String())
			continue
		}
		argv, err := codexArgv(ex.Value)
		if err != nil || len(argv) == 0 {
			differ = append(differ, fmt.Sprintf("%q (not one argv)", ex.Value))
			continue
		}
		got := pol.decide(argv)
		dec := got
		if dec == "" {
			dec = fb.codex
		}
		if codexActions[dec] != ex.Expect {
			differ = append(differ, fmt.Sprintf("%q (expects %s, Codex %s)", ex.Value, ex.Expect, dec))
			continue
		}
		if r := exampleHolder(pol, argv, got); r != nil {
			if got != "" {
				r.Match = append(r.Match, argv)
			} else {
				r.NotMatch = append(r.NotMatch, argv)
			}
		} else {
			differ = append(differ, fmt.Sprintf("%q (decided by the approval policy, and there is no rule to hold it as not_match)", ex.Value))
		}
	}
	if len(otherTools) > 0 {
		rep.lose("examples "+strings.Join(otherTools, ", "), "Codex's rules hold examples of shell commands only; they stay in the persona")
	}
	if len(differ) > 0 {
		rep.lose("examples "+strings.Join(differ, ", "), "not written as match/not_match: Codex would not decide them as the persona expects, or no rule could hold them")
	}
}

// codexCompare decides a set of probe commands with the persona and with the exported rules
// (and the approval policy's decision for unmatched commands), reports every call shape that
// differs, and marks the rule that decided each such call as changed.
func codexCompare(rs engine.Ruleset, pol *codexPolicy, fb *codexFallback, verdicts ruleVerdicts, rep *Report) {
	var probes []Probe
	for _, pr := range probesFor(rs) {
		if pr.Tool == "Bash" {
			probes = append(probes, pr)
		}
	}
	policy := engine.Policy{Persona: engine.CompileWithHome(rs, probeHome)}
	compareDecisions(probes,
		func(pr Probe) engine.Action {
			// The rule that decided a call Codex decides otherwise is changed too, whether or
			// not the rule-by-rule analysis above foresaw it.
			d := policy.DecideTool("bash", pr.Value)
			verdicts.markDecision(rs, d, codexDecides(pol, fb, pr.Value))
			return d.Action
		},
		func(pr Probe) engine.Action { return codexDecides(pol, fb, pr.Value) },
		"decided differently", "Codex matches the command's argv against literal prefixes, strictest rule wins; agentmgr splits and looks through the command, last rule wins", rep)
}

// codexDecides is the decision Codex makes on command under pol and the fallback: the command
// split into argv as a shell would (an unreadable command is one Codex's rules cannot match).
func codexDecides(pol *codexPolicy, fb *codexFallback, command string) engine.Action {
	argv, err := codexArgv(command)
	if err != nil {
		argv = []string{"bash", "-lc", command}
	}
	for _, w := range argv {
		if w == "&&" || w == "||" || w == "|" || w == ";" || w == "|&" {
			// A command line is given to a shell as one script: that is the argv Codex checks.
			argv = []string{"bash", "-lc", command}
			break
		}
	}
	return codexDecidesArgv(pol, fb, argv)
}

// codexDecidesArgv is codexDecides for a command already split into argv.
func codexDecidesArgv(pol *codexPolicy, fb *codexFallback, argv []string) engine.Action {
	if !fb.shellOK {
		return engine.Deny
	}
	out := engine.Allow
	for _, cmd := range codexCommands(argv) {
		a := codexActions[fb.codex]
		if d := pol.decide(cmd); d != "" {
			a = codexActions[d]
		}
		out = engine.Stricter(out, a)
	}
	return out
}

// exampleHolder is the rule an example goes into: for an example a rule decides (got), the
// first rule of that decision that matches it; for one the approval policy decides, a rule of
// the same program, else the first rule (none matches it, so any may say so).
func exampleHolder(pol *codexPolicy, argv []string, got string) *codexRule {
	var first *codexRule
	for i := range pol.Rules {
		r := &pol.Rules[i]
		if got != "" {
			if r.Decision == got && r.matches(argv) {
				return r
			}
			continue
		}
		for _, w := range r.Pattern[0] {
			if w == argv[0] {
				return r
			}
		}
		if first == nil {
			first = r
		}
	}
	return first
}
