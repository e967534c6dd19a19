package convert

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/agentmgr/agentmgr/engine"
)

// geminiInRule is a [[rule]] as read: every field Gemini's schema has, so that the ones
// agentmgr cannot hold are reported rather than dropped.
type geminiInRule struct {
	ToolName         any            `toml:"toolName"`
	McpName          string         `toml:"mcpName"`
	Subagent         string         `toml:"subagent"`
	ArgsPattern      string         `toml:"argsPattern"`
	CommandPrefix    any            `toml:"commandPrefix"`
	CommandRegex     string         `toml:"commandRegex"`
	Decision         string         `toml:"decision"`
	Priority         *int64         `toml:"priority"`
	Modes            []string       `toml:"modes"`
	Interactive      *bool          `toml:"interactive"`
	ToolAnnotations  map[string]any `toml:"toolAnnotations"`
	AllowRedirection *bool          `toml:"allowRedirection"`
	DenyMessage      string         `toml:"denyMessage"`
	DenyMessageOld   string         `toml:"deny_message"`
	Name             string         `toml:"name"`
}

type geminiInFile struct {
	Rule          []geminiInRule   `toml:"rule"`
	SafetyChecker []map[string]any `toml:"safety_checker"`
	XAgentmgr     *geminiMeta      `toml:"x-agentmgr"`
}

// ImportGemini converts a Gemini CLI policy file into one persona named after the file.
// Gemini decides the matching rule of highest priority (the first in the file among equal
// priorities); the persona gets the rules in the opposite order, lowest priority first, so that
// agentmgr's last match is the same rule. A file written by agentmgr export is restored from
// its x-agentmgr table.
func ImportGemini(source, name string, data []byte) (*Item, error) {
	if err := checkUTF8(source, data); err != nil {
		return nil, err
	}
	var f geminiInFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d:%d: %s", source, pe.Position.Line, pe.Position.Col, pe.Message)
		}
		return nil, fmt.Errorf("%s: expected a Gemini CLI policy file ([[rule]] tables): %v", source, err)
	}
	rep := newReport(source, "", EnforcedByFile)
	d := &Draft{}
	if f.XAgentmgr != nil && f.XAgentmgr.Name != "" {
		x := f.XAgentmgr
		d.Name, d.Description, d.Type, d.Icon, d.Color, d.Hidden, d.Steps, d.Prompt = slug(x.Name), x.Description, x.Type, x.Icon, x.Color, x.Hidden, x.Steps, x.Prompt
		for i, r := range x.Permissions {
			a, err := engine.ParseAction(r.Action)
			if err != nil || r.Permission == "" {
				return nil, fmt.Errorf("%s: x-agentmgr.permissions[%d]: expected {permission, pattern, action} with action allow, ask or deny", source, i)
			}
			d.Rules = append(d.Rules, engine.Rule{Permission: r.Permission, Pattern: r.Pattern, Action: a, Reason: r.Reason})
		}
		if d.Description == "" {
			d.Description = "Imported from Gemini CLI: " + d.Name
		}
		rep.Target = d.Name
		rep.keep("persona written by agentmgr export (x-agentmgr): name, description, fields and the ordered rules")
		// The source's rules are the persona's own, read back as written.
		rep.Fidelity = &Fidelity{Rules: len(d.Rules), Exact: len(d.Rules)}
		return &Item{Draft: d, Report: rep}, nil
	}
	for _, k := range md.Undecoded() {
		rep.lose(k.String(), "not part of Gemini's policy schema; Gemini ignores it too")
	}
	d.Name = nameFor(name, rep)
	rep.Target = d.Name
	d.Description = "Imported from the Gemini CLI policy " + filepath.Base(source)
	rep.change("description", "", d.Description, "a persona needs a description; a policy file has none")
	if len(f.SafetyChecker) > 0 {
		rep.lose(fmt.Sprintf("safety_checker (%d)", len(f.SafetyChecker)), "agentmgr runs no safety checkers")
	}
	type ranked struct {
		pos   int
		prio  int64
		rules engine.Ruleset
	}
	var all []ranked
	// The figure counts the file's [[rule]] entries by what this import reports about each;
	// engine-wide differences (shell analysis, the safe-command heuristic) are reported once
	// below and are not counted against single rules.
	verdicts := newRuleVerdicts(len(f.Rule))
	for i, r := range f.Rule {
		where := fmt.Sprintf("rule[%d]", i)
		if r.Priority == nil || *r.Priority < 0 || *r.Priority > geminiMaxPriority {
			return nil, fmt.Errorf("%s: %s: expected priority, a whole number from 0 to %d", source, where, geminiMaxPriority)
		}
		a, err := parseGeminiDecision(r.Decision)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", source, where, err)
		}
		rs, err := geminiRuleToRules(source, where, r, a, rep, func(v int) { verdicts.mark(i, v) })
		if err != nil {
			return nil, err
		}
		all = append(all, ranked{i, *r.Priority, rs})
	}
	// Lowest priority first; among equals the later in the file first, since Gemini lets the
	// earlier one decide.
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].prio != all[j].prio {
			return all[i].prio < all[j].prio
		}
		return all[i].pos > all[j].pos
	})
	// Beneath every user file Gemini applies its default policies: the read-only tools and
	// subagents are allowed, everything else asks. They come first, so the file's rules win.
	d.Rules = append(d.Rules, geminiDefaults...)
	n := 0
	for _, x := range all {
		d.Rules = append(d.Rules, x.rules...)
		n += len(x.rules)
	}
	rep.keep(fmt.Sprintf("rules (%d, ordered by priority so that the last match is Gemini's highest)", n))
	rep.change("Gemini's default policies", "beneath the file", "read, grep, glob, list, websearch and task allowed, first", "Gemini ships them in its default tier; made explicit so that the persona decides as Gemini where the file has no rule")
	rep.change("shell commands", "matched as written (quotes, spaces, VAR=, wrappers)", "matched by their words after quote removal, joined by one space, each command behind a wrapper too", "agentmgr's shell analysis: mostly stricter; `git  status` or `\"git\" status` matches a `git status` rule")
	rep.change("Gemini's safe-command heuristic", "a shell call no rule of the file matches, or matched by a rule without argsPattern, is allowed when Gemini deems it read-only (ls, cat, git status...)", "asks", "agentmgr allows a command only by a rule (stricter)")
	rep.Fidelity = verdicts.fidelity()
	return &Item{Draft: d, Report: rep}, nil
}

// geminiDefaults are Gemini CLI 0.61.0's default allow rules (policies/read-only.toml and
// agents.toml of its bundle) as agentmgr rules, beneath which everything asks.
var geminiDefaults = engine.Ruleset{
	{Permission: "read", Pattern: "*", Action: engine.Allow},
	{Permission: "grep", Pattern: "*", Action: engine.Allow},
	{Permission: "glob", Pattern: "*", Action: engine.Allow},
	{Permission: "list", Pattern: "*", Action: engine.Allow},
	{Permission: "websearch", Pattern: "*", Action: engine.Allow},
	{Permission: "task", Pattern: "*", Action: engine.Allow},
}

// geminiRuleToRules converts one Gemini rule into agentmgr rules (one per tool and prefix).
// A condition agentmgr cannot say loses an allow (stricter) and widens a deny or ask to the
// whole tool (stricter), each reported; mark receives the rule's fidelity verdicts.
func geminiRuleToRules(source, where string, r geminiInRule, a engine.Action, rep *Report, mark func(int)) (engine.Ruleset, error) {
	names, err := geminiToolNames(r.ToolName)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %s", source, where, err)
	}
	if !geminiDecidesHere(where, r, a, rep, mark) {
		return nil, nil
	}
	reportGeminiConditions(where, r, rep, mark)
	if r.ArgsPattern == reRunsCode && a == engine.Ask {
		// The export's ask for code given to an interpreter: agentmgr asks for it anyway.
		rep.keep(where + " (code given to interpreters asks: agentmgr's own shell analysis)")
		return nil, nil
	}
	patterns := geminiPatterns(r)
	if patterns == nil {
		if a == engine.Allow {
			rep.lose(where+" (an argument regex agentmgr cannot say)", "the allow is left out (stricter)")
			mark(ruleLost)
			return nil, nil
		}
		rep.change(where, "calls whose arguments match a regex", "every call of the tool", "agentmgr patterns are wildcards; the regex cannot be said (stricter)")
		mark(ruleStricter)
		patterns = []string{"*"}
	}
	reason := r.DenyMessage
	if reason == "" {
		reason = r.DenyMessageOld
	}
	if a != engine.Deny {
		reason = ""
	}
	var rs engine.Ruleset
	for _, n := range names {
		key := geminiRuleKey(where, n, r.McpName, rep, mark)
		for _, p := range patterns {
			rs = append(rs, engine.Rule{Permission: key, Pattern: p, Action: a, Reason: reason})
		}
	}
	return rs, nil
}

// geminiToolNames reads a rule's toolName: a string or a list of strings.
func geminiToolNames(v any) ([]string, error) {
	switch t := v.(type) {
	case string:
		return []string{t}, nil
	case []any:
		names := make([]string, 0, len(t))
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return nil, errors.New("toolName: expected a string or a list of strings")
			}
			names = append(names, s)
		}
		return names, nil
	}
	return nil, errors.New("expected toolName, a string or a list of strings")
}

// geminiDecidesHere reports whether rule r can decide in an interactive session in the default
// mode, the one a persona stands for; a rule that cannot, or an allow under a condition
// agentmgr cannot say, is reported lost. A deny or an ask under such a condition is widened to
// the whole tool (stricter).
func geminiDecidesHere(where string, r geminiInRule, a engine.Action, rep *Report, mark func(int)) bool {
	if len(r.Modes) > 0 && !contains(r.Modes, "default") {
		rep.lose(where+" (modes "+strings.Join(r.Modes, ", ")+")", "applies only in other approval modes")
		mark(ruleLost)
		return false
	}
	if r.Interactive != nil && !*r.Interactive {
		rep.lose(where+" (interactive = false)", "applies only without a terminal")
		mark(ruleLost)
		return false
	}
	if r.Subagent != "" || len(r.ToolAnnotations) > 0 {
		if a == engine.Allow {
			rep.lose(where+" (subagent or toolAnnotations)", "agentmgr cannot say the condition; the allow is left out (stricter)")
			mark(ruleLost)
			return false
		}
		rep.change(where, "only for a subagent or annotated tools", "every call of the tool", "agentmgr cannot say the condition (stricter)")
		mark(ruleStricter)
	}
	return true
}

// reportGeminiConditions reports the conditions of a rule that decides here which a persona
// does not carry: its modes and its allowRedirection.
func reportGeminiConditions(where string, r geminiInRule, rep *Report, mark func(int)) {
	if len(r.Modes) > 0 {
		// The modes include the default one, the mode agentmgr's persona stands for: there
		// the rule decides as written, so it is not counted as changed.
		rep.change(where+" modes", strings.Join(r.Modes, ", "), "always", "a persona has one mode")
	}
	if r.AllowRedirection != nil {
		rep.change(where+" allowRedirection", fmt.Sprint(*r.AllowRedirection), "(none)", "agentmgr decides a redirection's file under edit or read")
		// true: Gemini lets the command redirect anywhere, agentmgr decides the file (stricter);
		// false: Gemini asks for any redirection, agentmgr may allow the file (looser).
		if *r.AllowRedirection {
			mark(ruleStricter)
		} else {
			mark(ruleLooser)
		}
	}
}

// geminiPatterns is the agentmgr patterns rule r's arguments condition reads as: a command
// prefix, a command regex or an argsPattern of the export's shapes; nil when it cannot be said.
func geminiPatterns(r geminiInRule) []string {
	switch {
	case r.CommandPrefix != nil:
		var patterns []string
		switch p := r.CommandPrefix.(type) {
		case string:
			patterns = []string{p + " *"}
		case []any:
			for _, x := range p {
				s, _ := x.(string)
				patterns = append(patterns, s+" *")
			}
		}
		return patterns
	case r.CommandRegex != "":
		if p, ok := regexToGlob(r.CommandRegex, `"command":"`, ""); ok {
			return []string{p}
		}
		return nil
	case r.ArgsPattern != "":
		if ps, ok := argsToGlobs(r.ArgsPattern); ok {
			return ps
		}
		return nil
	}
	return []string{"*"}
}

// geminiRuleKey is the permission key Gemini tool n (of MCP server mcp, when set) is decided
// under; a tool agentmgr does not map keeps its name as its key, reported.
func geminiRuleKey(where, n, mcp string, rep *Report, mark func(int)) string {
	switch {
	case n == "*" && mcp == "*":
		return "mcp__*"
	case n == "*" && mcp != "":
		return "mcp__" + mcp + "__*"
	case mcp != "":
		return "mcp__" + mcp + "__" + n
	case n == "*":
		return "*"
	}
	key := geminiKeyOf(n)
	if key == "" {
		key = n
		rep.change(where+" tool "+n, n, n, "not a tool agentmgr maps; kept as its own key")
		// Whether agentmgr ever decides a call under that key is not known: looser, the
		// conservative side.
		mark(ruleLooser)
	}
	return key
}

// anyFolder is what the export puts before a relative path pattern of a deny or an ask, so that
// it holds after any folder (./secrets/x, /the/project/secrets/x).
const anyFolder = `(?:|` + reAny + `/)`

// argsToGlobs reads back argsToGlob's shapes and a path pattern that may follow any folder,
// which is two patterns: as written, and after any folder ("*/" before it).
func argsToGlobs(re string) ([]string, bool) {
	if m := argShape.FindStringSubmatch(re); m != nil && strings.HasPrefix(m[2], anyFolder) {
		p, ok := regexToGlob(strings.TrimPrefix(m[2], anyFolder), "", "")
		return []string{p, "*/" + p}, ok
	}
	p, ok := argsToGlob(re)
	return []string{p}, ok
}

// argsToGlob reads back the argsPattern shapes the export writes: `\x00"ARG":"GLOB"\x00` and
// the bare `\x00"command":` of a shell catch-all.
func argsToGlob(re string) (string, bool) {
	if re == `\x00"command":` {
		return "*", true
	}
	m := argShape.FindStringSubmatch(re)
	if m == nil {
		return "", false
	}
	body := m[2]
	if m[1] == "command" {
		// The export's extra rules: the same pattern behind wrappers (agentmgr looks through
		// them anyway) and with output thrown away (agentmgr writes no file for it).
		body = strings.TrimPrefix(body, reWrap+`(?:|`+reWrap[3:])
		if b, ok := strings.CutSuffix(body, reDevNull); ok {
			body = strings.ReplaceAll(b, reNoRedir, reAny)
		}
	}
	return regexToGlob(body, "", "")
}

var argShape = regexp.MustCompile(`^\\x00"([a-z_]+)":"(.*)"\\x00$`)

// regexToGlob reads a regular expression made of the export's pieces (escaped literals,
// reAny, reOne, the optional tail) back into a wildcard; any other regex is not read.
func regexToGlob(re, prefix, _ string) (string, bool) {
	re = strings.TrimPrefix(re, prefix)
	var b strings.Builder
	for re != "" {
		switch {
		case re == `(?:| `+reAny+`)`:
			b.WriteString(" *")
			re = ""
		case strings.HasPrefix(re, reAny):
			b.WriteString("*")
			re = re[len(reAny):]
		case strings.HasPrefix(re, reOne):
			b.WriteString("?")
			re = re[len(reOne):]
		case strings.HasPrefix(re, reHome):
			b.WriteString("~")
			re = re[len(reHome):]
		case re[0] == '\\' && len(re) > 1 && strings.ContainsRune(`\.+*?()|[]{}^$`, rune(re[1])):
			b.WriteByte(re[1])
			re = re[2:]
		case strings.ContainsRune(`\.+*?()|[]{}^$`, rune(re[0])):
			return "", false
		default:
			b.WriteByte(re[0])
			re = re[1:]
		}
	}
	return unJSON(b.String())
}

// unJSON undoes jsonText.
func unJSON(s string) (string, bool) {
	var out string
	if err := json.Unmarshal([]byte(`"`+s+`"`), &out); err != nil {
		return "", false
	}
	return out, true
}

// geminiPersonaName is the persona name for a policy file: its base name without .toml and
// without the agentmgr- prefix the export gives it.
func geminiPersonaName(path string) string {
	n := strings.TrimSuffix(filepath.Base(path), ".toml")
	return strings.TrimPrefix(n, "agentmgr-")
}
