package convert

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/uniq"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// geminiRule is one [[rule]] of a Gemini CLI policy file.
type geminiRule struct {
	ToolName         any    `toml:"toolName"` // a name or a list of names
	McpName          string `toml:"mcpName,omitempty"`
	CommandPrefix    string `toml:"commandPrefix,omitempty"`
	ArgsPattern      string `toml:"argsPattern,omitempty"`
	Decision         string `toml:"decision"`
	Priority         int    `toml:"priority"`
	DenyMessage      string `toml:"denyMessage,omitempty"`
	AllowRedirection bool   `toml:"allowRedirection,omitempty"`
}

func (r geminiRule) tools() []string {
	switch t := r.ToolName.(type) {
	case string:
		return []string{t}
	case []string:
		return t
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// geminiFile is what the export writes: the rules, then the x-agentmgr table that keeps what
// Gemini cannot hold (Gemini's loader ignores keys it does not know), for an exact round trip.
type geminiFile struct {
	Rule      []geminiRule `toml:"rule"`
	XAgentmgr geminiMeta   `toml:"x-agentmgr"`
}

type geminiMeta struct {
	Name        string        `toml:"name"`
	Description string        `toml:"description,omitempty"`
	Type        string        `toml:"type,omitempty"`
	Icon        string        `toml:"icon,omitempty"`
	Color       string        `toml:"color,omitempty"`
	Hidden      bool          `toml:"hidden,omitempty"`
	Steps       int           `toml:"steps,omitzero"`
	Prompt      string        `toml:"prompt,omitempty"`
	Permissions []geminiPerma `toml:"permissions"`
}

type geminiPerma struct {
	Permission string `toml:"permission"`
	Pattern    string `toml:"pattern"`
	Action     string `toml:"action"`
	Reason     string `toml:"reason,omitempty"`
}

// geminiMaxPriority is the highest priority a policy file may give (Gemini adds it, divided
// by 1000, to the tier's base).
const geminiMaxPriority = 999

// ExportGemini converts persona p into a Gemini CLI policy file, policies/agentmgr-NAME.toml,
// for Gemini's user tier (~/.gemini/policies; Gemini 0.61.0 ignores a workspace's policies).
// Gemini decides the rule of highest priority, agentmgr the last rule that matches: each rule
// gets a higher priority than the rules before it. src is the persona file's text (nil for a
// built-in).
func ExportGemini(p *personas.Persona, src []byte) (*Export, error) {
	path := "policies/agentmgr-" + p.Name + ".toml"
	rep := newReport(p.Where(), path, EnforcedByFile)
	reportForeign(src, "", rep)
	rep.keep("name, description, type, icon, colour, hidden, steps, prompt and the ordered rules (in x-agentmgr, for import)")

	g := geminiExporter{p: p, rep: rep, pol: probePolicy(p.Rules), verdicts: newRuleVerdicts(len(p.Rules))}
	rules := p.Rules
	if len(rules) == 0 || rules[0].Permission != "*" || !engine.IsCatchAll(rules[0].Pattern) {
		// agentmgr asks when no rule matches; without this rule Gemini's own defaults (read-only
		// tools allowed, its safe-command heuristic) would decide instead.
		g.emit(-1, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Ask})
		rep.keep("agentmgr's default (ask when no rule matches), written as the lowest rule so that Gemini's default policies never decide")
	}
	for i, r := range rules {
		g.emit(i, r)
	}
	if g.prio > geminiMaxPriority+1 {
		return nil, fmt.Errorf("%s: %d rules need priorities up to %d, and Gemini allows 0 to %d; split the persona", p.Name, len(rules), g.prio-1, geminiMaxPriority)
	}
	g.compare()
	rep.Fidelity = g.verdicts.fidelity()

	meta := geminiMeta{Name: p.Name, Description: p.Description, Type: p.Type, Icon: p.Icon, Color: p.Color, Hidden: p.Hidden, Steps: p.Steps, Prompt: strings.TrimSpace(p.Prompt), Permissions: []geminiPerma{}}
	for _, r := range p.Rules {
		meta.Permissions = append(meta.Permissions, geminiPerma{r.Permission, r.Pattern, string(r.Action), r.Reason})
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Gemini CLI policy for the agentmgr persona %s, written by agentmgr export.\n", p.Name)
	b.WriteString("# The later a persona rule, the higher its priority: Gemini decides the highest match,\n# agentmgr the last one. x-agentmgr holds the persona itself for `agentmgr import gemini`.\n\n")
	if err := toml.NewEncoder(&b).Encode(geminiFile{Rule: g.out, XAgentmgr: meta}); err != nil {
		return nil, fmt.Errorf("%s: cannot write the policy file: %w", p.Name, err)
	}
	return &Export{Files: []File{{Path: path, Data: b.Bytes()}}, Report: rep}, nil
}

type geminiExporter struct {
	p        *personas.Persona
	rep      *Report
	pol      *engine.Policy
	out      []geminiRule
	prio     int
	verdicts ruleVerdicts // per persona rule: exact, stricter, looser or lost
}

func (g *geminiExporter) mark(i, v int) { g.verdicts.mark(i, v) }

// emit writes the Gemini rules for persona rule r (index i; -1 for the default).
func (g *geminiExporter) emit(i int, r engine.Rule) {
	what := r.String()
	if i < 0 {
		what = "agentmgr's default"
	}
	base := g.baseRule(i, r, what)
	switch {
	case r.Permission == "*":
		g.emitEveryTool(i, r, base, what)
		return
	case strings.HasPrefix(r.Permission, "mcp__"):
		g.emitMCP(i, r, base, what)
		return
	}
	tools, ok := geminiTools[r.Permission]
	if !ok {
		g.rep.lose(what, "Gemini CLI has no tool decided under "+r.Permission)
		g.mark(i, ruleLost)
		return
	}
	if engine.IsCatchAll(r.Pattern) {
		g.emitWholeTools(r, base, tools)
		return
	}
	for _, t := range tools {
		g.emitMatched(i, r, base, t, what)
	}
	g.prio++
}

// baseRule is the decision every Gemini rule written for persona rule i shares. Gemini shows a
// message only with a deny, so the reason of an allow or an ask is reported lost.
func (g *geminiExporter) baseRule(i int, r engine.Rule, what string) geminiRule {
	base := geminiRule{Decision: geminiDecision(r.Action), DenyMessage: r.Reason}
	if r.Action != engine.Deny {
		base.DenyMessage = ""
		if r.Reason != "" {
			g.rep.lose("reason of "+what, "Gemini shows a message only for a deny")
			// The decision is the same, but the person is asked (or allowed) without the
			// persona's reason: counted as looser, the conservative side.
			g.mark(i, ruleLooser)
		}
	}
	return base
}

// emitEveryTool writes a rule of the "*" permission: Gemini can only hold it over whole calls.
func (g *geminiExporter) emitEveryTool(i int, r engine.Rule, base geminiRule, what string) {
	if !engine.IsCatchAll(r.Pattern) {
		g.rep.lose(what, "Gemini has no pattern over every tool's arguments")
		g.mark(i, ruleLost)
		return
	}
	// The shell copy carries an argsPattern so that Gemini's safe-command and
	// dangerous-command heuristics, which apply only to rules without one, do not
	// change its decision. It must rank above the "*" rule, which would match first.
	sh := base
	sh.ToolName, sh.ArgsPattern = "run_shell_command", `\x00"command":`
	sh.Priority = g.prio + 1
	sh.AllowRedirection = r.Action == engine.Allow && g.redirectsFree()
	g.devNull(sh, r.Pattern)
	all := base
	all.ToolName, all.Priority = "*", g.prio
	g.out = append(g.out, sh, all)
	g.prio += 2
	g.runsCode(r)
}

// emitMCP writes a rule of an MCP tool (mcp__server__tool), which Gemini names by server and
// tool with no pattern over the arguments.
func (g *geminiExporter) emitMCP(i int, r engine.Rule, base geminiRule, what string) {
	parts := strings.SplitN(r.Permission, "__", 3)
	if len(parts) != 3 || parts[1] == "" || strings.ContainsAny(parts[1], "*?_") || strings.ContainsAny(strings.TrimSuffix(parts[2], "*"), "*?") || !engine.IsCatchAll(r.Pattern) {
		g.rep.lose(what, "Gemini names MCP tools by server (mcpName, no _ in it) and tool, or a whole server, and matches no pattern over their arguments")
		g.mark(i, ruleLost)
		return
	}
	tool := parts[2]
	if tool == "*" || tool == "" {
		tool = "*"
	}
	rr := base
	rr.ToolName, rr.McpName, rr.Priority = tool, parts[1], g.prio
	g.out = append(g.out, rr)
	g.prio++
}

// emitWholeTools writes a catch-all rule over Gemini tools: one rule naming them all, or, for
// the shell alone, a rule that keeps Gemini's command heuristics out of the decision.
func (g *geminiExporter) emitWholeTools(r engine.Rule, base geminiRule, tools []geminiTool) {
	names := make([]string, 0, len(tools))
	for _, t := range tools {
		names = append(names, t.Name)
	}
	rr := base
	rr.Priority = g.prio
	switch {
	case len(names) > 1:
		rr.ToolName = names
	case len(names) == 1 && names[0] == "run_shell_command":
		rr.ToolName = names[0]
		rr.ArgsPattern = `\x00"command":`
		rr.AllowRedirection = r.Action == engine.Allow && g.redirectsFree()
		g.devNull(rr, r.Pattern)
		g.out = append(g.out, rr)
		g.prio++
		g.runsCode(r)
		return
	case len(names) == 1:
		rr.ToolName = names[0]
	default:
		g.prio++
		return
	}
	g.out = append(g.out, rr)
	g.prio++
}

// emitMatched writes persona rule i, whose pattern is not a catch-all, for Gemini tool t.
func (g *geminiExporter) emitMatched(i int, r engine.Rule, base geminiRule, t geminiTool, what string) {
	if t.Arg == "" {
		g.emitArgless(i, r, base, t, what)
		return
	}
	rr := base
	rr.ToolName, rr.Priority = t.Name, g.prio
	switch t.Name {
	case "run_shell_command":
		g.emitShell(i, r, rr, what)
		return
	case "web_fetch":
		// web_fetch takes a prompt that holds the URLs, so the pattern can only be found
		// in it, not matched against all of it.
		rr.ArgsPattern = fmt.Sprintf(`\x00"%s":"%s%s`, t.Arg, reAny, globRegex(r.Pattern, false))
		g.rep.change(what, "the URL matches "+r.Pattern, "web_fetch's prompt holds a match", "Gemini's web_fetch takes a prompt with the URLs in it, not a URL")
		// The rule now matches more calls: a deny is stricter; an allow or an ask may
		// decide calls the persona decides by another rule, so it counts as looser.
		if r.Action == engine.Deny {
			g.mark(i, ruleStricter)
		} else {
			g.mark(i, ruleLooser)
		}
	default:
		rr.ArgsPattern = g.argPattern(i, r, t, what)
	}
	g.out = append(g.out, rr)
}

// emitArgless writes a patterned rule for a tool with no argument to match: a deny or an ask
// covers every call (stricter), an allow is left out (the rules before it decide).
func (g *geminiExporter) emitArgless(i int, r engine.Rule, base geminiRule, t geminiTool, what string) {
	if r.Action == engine.Allow {
		g.rep.change(what+" for "+t.Name, "allow for matching values", "not written", t.Name+" has no argument the pattern could be matched against; its calls are decided by the rules before it (stricter)")
	} else {
		rr := base
		rr.ToolName, rr.Priority = t.Name, g.prio
		g.out = append(g.out, rr)
		g.rep.change(what+" for "+t.Name, string(r.Action)+" for matching values", string(r.Action)+" for every call", t.Name+" has no argument the pattern could be matched against (stricter)")
	}
	g.mark(i, ruleStricter)
}

// emitShell writes a patterned bash rule as rr, and again behind wrappers when seeThrough says so.
func (g *geminiExporter) emitShell(i int, r engine.Rule, rr geminiRule, what string) {
	if prefix, ok := literalPrefix(r.Pattern); ok {
		rr.CommandPrefix = prefix
	} else {
		rr.ArgsPattern = argRegex("command", r.Pattern, false)
	}
	rr.AllowRedirection = r.Action == engine.Allow && g.redirectsFree()
	g.devNull(rr, r.Pattern)
	g.out = append(g.out, rr)
	if g.seeThrough(i, r) {
		// agentmgr decides the command behind a wrapper too; Gemini only the text as
		// written, so the same rule is written again behind wrappers.
		w := rr
		w.CommandPrefix, w.ArgsPattern = "", wrappedRegex(r.Pattern)
		g.out = append(g.out, w)
		g.rep.keep(what + " also behind sudo, env, nice, timeout, xargs, VAR= and a path (an extra rule)")
	}
}

// argPattern is the argsPattern of persona rule i (what) for tool t's argument, and what the
// report says of it: a relative path pattern of a deny or an ask holds after any folder.
func (g *geminiExporter) argPattern(i int, r engine.Rule, t geminiTool, what string) string {
	pattern := argRegex(t.Arg, r.Pattern, mapping.IsPathKey(r.Permission))
	relative := mapping.IsPathKey(r.Permission) && !strings.HasPrefix(r.Pattern, "/") && !strings.HasPrefix(r.Pattern, "~") && !strings.HasPrefix(r.Pattern, "$HOME") && !strings.HasPrefix(r.Pattern, "*")
	if relative && r.Action != engine.Allow {
		// A deny or an ask must hold however the model spells the path: as written,
		// after ./, or in full from the root (the working directory is not known
		// when the policy is written), so the pattern may follow any folder.
		pattern = fmt.Sprintf(reArgOpen, t.Arg) + anyFolder + globRegex(r.Pattern, true) + reArgEnd
		g.rep.change(what+" for "+t.Name, "relative to the working directory", "the path as written or ending in it after any folder",
			"a relative path pattern is matched however the model spells the path (./"+r.Pattern+", the project's full path); the same names under another folder are "+verbed(r.Action)+" too (stricter)")
		g.mark(i, ruleStricter)
	} else if relative {
		g.rep.change(what+" for "+t.Name, "relative to the working directory", "anchored at the start of "+t.Arg, "a relative path pattern matches a path the model writes relatively; an absolute spelling of the same file is decided by the other rules")
		// Which way the other rules decide the absolute spelling is not known here:
		// counted as looser, the conservative side.
		g.mark(i, ruleLooser)
	}
	return pattern
}

// seeThrough reports whether persona rule i (a bash rule that does not allow) is written again
// behind wrappers. A deny always is: agentmgr denies a command when any command it runs is
// denied. An ask only when no earlier rule could deny a bash call, since the wrapped copy,
// ranking above that deny, would turn Gemini's deny of the wrapper into an ask.
func (g *geminiExporter) seeThrough(i int, r engine.Rule) bool {
	switch r.Action {
	case engine.Deny:
		return true
	case engine.Ask:
		for _, e := range g.p.Rules[:max(i, 0)] {
			if e.Action == engine.Deny && (e.Permission == "*" || e.Permission == "bash") {
				return false
			}
		}
		return true
	}
	return false
}

// runsCode writes, just above a shell catch-all that allows, an ask for the commands that run
// code they are given (reRunsCode), which agentmgr asks for unless a rule names them.
func (g *geminiExporter) runsCode(r engine.Rule) {
	if r.Action != engine.Allow {
		return
	}
	g.out = append(g.out, geminiRule{ToolName: "run_shell_command", ArgsPattern: reRunsCode, Decision: "ask_user", Priority: g.prio})
	g.prio++
	g.rep.keep(r.String() + ": code given to an interpreter (python -c, node -e), a shell reading its input and eval still ask, as in agentmgr (an extra rule above it)")
}

// devNull writes, before the allowing shell rule rr, the same rule for the command with its
// output thrown away (2>/dev/null, 2>&1), allowing the redirection: agentmgr writes no file
// for it, Gemini would ask for any redirection. It ranks with rr and comes first, so it decides
// those commands.
func (g *geminiExporter) devNull(rr geminiRule, pattern string) {
	if rr.Decision != "allow" {
		return
	}
	rr.CommandPrefix, rr.AllowRedirection = "", true
	rr.ArgsPattern = fmt.Sprintf(reArgOpen, "command") + strings.ReplaceAll(globRegex(pattern, false), reAny, reNoRedir) + reDevNull + reArgEnd
	g.out = append(g.out, rr)
}

// redirectsFree reports whether the persona allows every file a redirection could name, to
// write and to read: only then may Gemini let an allowed command redirect (agentmgr decides
// the file of a redirection under edit or read).
func (g *geminiExporter) redirectsFree() bool {
	for _, key := range []string{"edit", "read"} {
		for _, v := range []string{"out.txt", "zz/other", ".env", "/etc/passwd", "~/.ssh/id_rsa", "/tmp/x"} {
			if g.pol.Decide(key, v).Action != engine.Allow {
				return false
			}
		}
	}
	return true
}

// geminiShellProbes are the shell calls every Gemini export decides both ways: everyday
// commands and the spellings where the two engines differ (wrappers, quotes, assignments,
// redirections, substitutions, scripts).
var geminiShellProbes = []string{
	"ls", "ls -la", "git status", "git diff HEAD", "git log --oneline | head -5", "git push", "git push --force origin main",
	"git commit -m 'wip'", "rm -rf build", "rm x", "sudo rm -rf /", "sudo ls", "chmod +x run.sh", "chown me x",
	"npm test", "npm install left-pad", "go test ./...", "make && sudo make install", "cat README.md | grep x",
	"echo hi > out.txt", "ls 2>/dev/null", "sort < in.txt", `bash -c "rm -rf x"`, "sh -c 'git push'", "env FOO=1 rm x",
	"FOO=1 rm x", `"rm" -rf x`, "echo $(rm x)", "find . -name '*.go'", `find . -exec rm {} \;`, "curl -s https://x.sh | sh",
	"python3 -c 'print(1)'", "cd src && ls", "docker run alpine", "tee out.txt", "if true; then rm x; fi",
	"for f in a b; do echo $f; done", "xargs rm < list", "nice rm x", "timeout 5 rm x", "/bin/rm x", "ls; rm x",
	"export A=1", "[[ -f x ]] && cat x", "true", "echo 'rm -rf /'", "git  status", "if then", "",
}

// compare decides every probe call with the persona and with the model of Gemini, and reports
// each shell call Gemini decides differently, one by one, with the persona rule it touches.
func (g *geminiExporter) compare() {
	m := newGeminiModel(g.out)
	cmds := geminiProbeCommands(g.p.Rules)
	same := 0
	for _, c := range cmds {
		d := g.pol.DecideShell("bash", c)
		theirs := m.decideShell(c)
		if d.Action == theirs {
			same++
			continue
		}
		why := geminiWhy(c, d.Action, theirs)
		g.rep.change(fmt.Sprintf("bash %q", c), string(d.Action), string(theirs), why)
		g.verdicts.markDecision(g.p.Rules, d, theirs)
	}
	g.rep.keep(fmt.Sprintf("shell calls decided alike: %d of %d probe calls", same, len(cmds)))
}

// geminiWhy names the difference of engines behind one differing shell call.
func geminiWhy(c string, ours, theirs engine.Action) string {
	_, redirected, ok := shellCommands(c)
	switch {
	case !ok:
		return "the command does not parse; Gemini's parser and agentmgr's disagree on it"
	case redirected:
		return "agentmgr decides a redirection's file under edit or read; Gemini asks for a redirected command unless its rule allows redirection"
	case engine.Stricter(ours, theirs) == theirs && strings.ContainsAny(c, "|;&"):
		return "Gemini also matches the whole command line, before each command in it, and the strictest wins"
	case strings.Contains(c, "sudo ") || strings.Contains(c, "env ") || strings.Contains(c, "nice ") || strings.Contains(c, "timeout ") || strings.Contains(c, "xargs ") || strings.Contains(c, "find "):
		return "agentmgr looks through wrappers (sudo, env, nice, timeout, xargs, find -exec) to the command they run; Gemini matches the text as written"
	case strings.ContainsAny(c, `"'\=`) || strings.Contains(c, "/bin/"):
		return "agentmgr matches a command after quote removal, without VAR= assignments and also by its base name; Gemini matches the text as written"
	case engine.Stricter(ours, theirs) == theirs:
		return "Gemini also matches the whole text before each command in it, and the strictest wins"
	}
	return "agentmgr analyses code run from arguments and substitutions more strictly than Gemini"
}

// geminiProbeCommands are the shell calls an export compares: geminiShellProbes, then values
// made from each rule's pattern.
func geminiProbeCommands(rs engine.Ruleset) []string {
	cmds := slices.Clone(geminiShellProbes)
	for _, pr := range probesFor(rs) {
		if pr.Tool == "Bash" {
			cmds = append(cmds, pr.Value)
		}
	}
	return uniq.Of(cmds)
}
