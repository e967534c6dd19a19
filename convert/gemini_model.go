package convert

import (
	"regexp"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentmgr/agentmgr/engine"
)

// geminiModel decides shell calls the way Gemini CLI 0.61.0's PolicyEngine decides them for
// the rules an export writes (interactive, default approval mode), so that the export can
// name every call Gemini decides differently from the persona. The real engine is the test's
// oracle (gemini_e2e_test.go); this is its reading of that engine's source:
//   - rules are tried from the highest priority down, the first match decides; none asks;
//   - a match on the whole command is then checked against every command the text holds
//     (each as written, with its quotes and VAR= assignments), and the text of a `sh|bash|zsh
//     -c` wrapper; any deny denies, any ask asks;
//   - a command that does not parse is denied by a deny rule and asked otherwise;
//   - an allowed command with a redirection asks unless its rule sets allowRedirection.
type geminiModel struct {
	rules []geminiRuleRE // highest priority first
}

type geminiRuleRE struct {
	tools    []string
	re       *regexp.Regexp // nil: any arguments
	decision engine.Action
	priority int
	redirect bool
}

func newGeminiModel(rules []geminiRule) *geminiModel {
	m := &geminiModel{}
	for _, r := range rules {
		rr := geminiRuleRE{tools: r.tools(), priority: r.Priority, redirect: r.AllowRedirection}
		rr.decision, _ = parseGeminiDecision(r.Decision)
		switch {
		case r.CommandPrefix != "":
			rr.re = regexp.MustCompile(regexp.QuoteMeta(`"command":"`+jsonText(r.CommandPrefix)) + `(?:[\s"]|\\")`)
		case r.ArgsPattern != "":
			rr.re = regexp.MustCompile(r.ArgsPattern)
		}
		m.rules = append(m.rules, rr)
	}
	// Gemini sorts by priority, highest first, keeping file order among equals.
	sort.SliceStable(m.rules, func(i, j int) bool { return m.rules[i].priority > m.rules[j].priority })
	return m
}

// match is the first rule for a shell call of command, or nil.
func (m *geminiModel) match(command string) *geminiRuleRE {
	args := "{\x00\"command\":\"" + jsonText(command) + "\"\x00}"
	for i := range m.rules {
		r := &m.rules[i]
		if !contains(r.tools, "run_shell_command") && !contains(r.tools, "*") {
			continue
		}
		if r.re == nil || r.re.MatchString(args) {
			return r
		}
	}
	return nil
}

// decideShell is Gemini's decision on a run_shell_command call of command.
func (m *geminiModel) decideShell(command string) engine.Action {
	return m.check(command, 0)
}

func (m *geminiModel) check(command string, depth int) engine.Action {
	decision, redirect := engine.Ask, false
	if r := m.match(command); r != nil {
		decision, redirect = r.decision, r.redirect
	}
	if command == "" || depth > 16 {
		return decision
	}
	cmds, redirected, ok := shellCommands(command)
	if !ok || len(cmds) == 0 {
		if decision == engine.Deny {
			return engine.Deny
		}
		return engine.Ask
	}
	if decision == engine.Deny {
		return engine.Deny
	}
	agg := decision
	if redirected && !redirect && agg == engine.Allow {
		agg = engine.Ask
	}
	whole := strings.TrimSpace(command)
	for _, c := range cmds {
		var subs []string
		if s := stripShellWrapper(c); s != c {
			subs = append(subs, s)
		}
		if c != whole {
			subs = append(subs, c)
		}
		for _, s := range subs {
			switch m.check(s, depth+1) {
			case engine.Deny:
				return engine.Deny
			case engine.Ask:
				agg = engine.Ask
			}
		}
	}
	return agg
}

// shellCommands lists the text of every simple command, declaration and test in command, as
// written, and whether it has a redirection (a file, here-document or here-string).
func shellCommands(command string) (cmds []string, redirected, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, false, false
	}
	text := func(n syntax.Node) string {
		return strings.TrimSpace(command[n.Pos().Offset():n.End().Offset()])
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			if len(x.Redirs) > 0 {
				redirected = true
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				cmds = append(cmds, text(x))
			}
		case *syntax.DeclClause, *syntax.TestClause:
			cmds = append(cmds, text(x))
		}
		return true
	})
	return cmds, redirected, true
}

// shellWrapperRE is the `sh -c` form Gemini looks through.
var shellWrapperRE = regexp.MustCompile(`^\s*(?i:(?:\S+/)?(?:sh|bash|zsh))\s+-c\s+`)

// stripShellWrapper is the script of `bash -c SCRIPT` (quotes removed), else command trimmed.
func stripShellWrapper(command string) string {
	loc := shellWrapperRE.FindStringIndex(command)
	if loc == nil {
		return strings.TrimSpace(command)
	}
	s := strings.TrimSpace(command[loc[1]:])
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		s = s[1 : len(s)-1]
	}
	return s
}
