package convert

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/uniq"
	"github.com/agentmgr/agentmgr/mapping"
)

// ClaudeRule is one entry of Claude Code's permissions lists: `Tool` or `Tool(specifier)`.
type ClaudeRule struct {
	Tool string // Bash, Read, Edit, mcp__server__tool, ...
	Spec string // the text in parentheses; "" when the rule names the whole tool
	Has  bool   // the rule had parentheses
}

// String writes the rule as Claude Code spells it.
func (c ClaudeRule) String() string {
	if !c.Has {
		return c.Tool
	}
	return c.Tool + "(" + c.Spec + ")"
}

// ParseClaudeRule reads `Tool` or `Tool(specifier)`.
func ParseClaudeRule(s string) (ClaudeRule, error) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 {
		if !toolNameRE.MatchString(s) {
			return ClaudeRule{}, fmt.Errorf("%q is not a permission rule; expected Tool or Tool(specifier)", s)
		}
		return ClaudeRule{Tool: s}, nil
	}
	if !strings.HasSuffix(s, ")") || !toolNameRE.MatchString(s[:open]) {
		return ClaudeRule{}, fmt.Errorf("%q is not a permission rule; expected Tool(specifier) with the closing parenthesis at the end", s)
	}
	return ClaudeRule{Tool: s[:open], Spec: s[open+1 : len(s)-1], Has: true}, nil
}

// toolNameRE is what a Claude Code tool name looks like (Bash, mcp__server__tool, mcp__s__*).
var toolNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*\*?$`)

// claudeShellTool reports whether a Claude Code tool's specifier is a command: the tool is
// decided as a shell in mapping's table (Bash, PowerShell, Monitor, ...), the one table.
func claudeShellTool(tool string) bool {
	return mapping.IsClaudeTool(tool) && mapping.IsShellKey(mapping.ClaudeToolFor(tool).Key)
}

// claudePathTool reports whether a Claude Code tool's specifier is a gitignore-style path
// pattern: the tools mapping's table decides under read or edit on a file path.
func claudePathTool(tool string) bool {
	if !mapping.IsClaudeTool(tool) {
		return false
	}
	t := mapping.ClaudeToolFor(tool)
	return (t.Key == "read" || t.Key == "edit") && len(t.Fields) > 0 && strings.HasSuffix(t.Fields[len(t.Fields)-1], "_path")
}

// claudeKey is the permission key agentmgr decides a Claude Code tool under (through the
// tool-name mapping the gate uses). MCP tools and their server-wide forms become a key or a
// key pattern of their own.
func claudeKey(tool string) string {
	if strings.HasPrefix(tool, "mcp__") {
		parts := strings.Split(tool, "__")
		if len(parts) == 2 || len(parts) == 3 && parts[2] == "*" {
			return "mcp__" + parts[1] + "__*"
		}
		return tool
	}
	return mapping.ClaudeToolFor(tool).Key
}

// claudeRuleToRules turns one Claude Code rule of a tier into agentmgr rules with action a,
// noting every change in rep under the rule's own spelling.
//
// mark receives the rule's fidelity verdicts (how the persona enforces what it said).
func claudeRuleToRules(c ClaudeRule, a engine.Action, rep *Report, mark func(int)) []engine.Rule {
	key := claudeKey(c.Tool)
	mk := func(pats ...string) []engine.Rule {
		out := make([]engine.Rule, len(pats))
		for i, p := range pats {
			out[i] = engine.Rule{Permission: key, Pattern: p, Action: a}
		}
		return out
	}
	what := string(a) + " " + c.String()
	if key != strings.ToLower(c.Tool) && !strings.HasPrefix(c.Tool, "mcp__") && c.Tool != "Bash" && c.Tool != "Read" {
		// Edit, Write, MultiEdit and NotebookEdit share one key, as do Task and Agent.
		rep.change(what, c.Tool, key, "agentmgr decides "+strings.Join(claudeToolsOf(key), ", ")+" under one permission, "+key)
		mark(widenedBy(a))
	}
	if !c.Has || c.Spec == "*" || c.Spec == "" {
		return mk("*")
	}
	switch {
	case claudeShellTool(c.Tool):
		return mk(claudeCommand(c.Spec))
	case claudePathTool(c.Tool):
		pats, why := claudePathToGlobs(c.Spec)
		if why != "" {
			rep.change(what, c.Spec, strings.Join(pats, ", "), why)
			// Which calls the respelled pattern gains or loses is not known here: looser,
			// the conservative side.
			mark(ruleLooser)
		}
		if c.Tool == "Read" {
			rep.change(what, "Read, Grep, Glob", "read",
				"Claude Code applies Read path rules to Grep and Glob as well; agentmgr's grep and glob rules match the search pattern, not a path")
			mark(narrowedBy(a))
		}
		return mk(pats...)
	case c.Tool == "WebFetch":
		if dom, ok := strings.CutPrefix(c.Spec, "domain:"); ok {
			pats := []string{"https://" + dom, "https://" + dom + "/*", "http://" + dom, "http://" + dom + "/*"}
			rep.change(what, c.Spec, strings.Join(pats, ", "), "agentmgr matches the whole URL: a domain becomes its http and https URLs (an explicit port is not covered)")
			mark(narrowedBy(a))
			return mk(pats...)
		}
	}
	return mk(c.Spec)
}

// claudeToolsOf lists the Claude Code tools decided under key.
func claudeToolsOf(key string) []string {
	var out []string
	for _, t := range mapping.ClaudeTools() {
		if t.Key == key {
			out = append(out, t.Name)
		}
	}
	return out
}

// claudeCommand turns a Bash specifier into an agentmgr bash pattern. `x:*` is Claude Code's
// older spelling of `x *` (a prefix followed by anything, or nothing): the two engines read the
// trailing " *" the same way.
func claudeCommand(spec string) string {
	if p, ok := strings.CutSuffix(spec, ":*"); ok {
		return p + " *"
	}
	return spec
}

// claudePathAnchor reads the anchor of a Claude Code path specifier: `//x` is the absolute
// /x (p keeps one slash), `~/x` stays, `/x` is rooted at the project (projectRooted) and `./x`
// at the working directory (both lose their anchor), and a name without a slash matches at any
// depth (anyDepth). A trailing slash names a folder's contents: p ends in `/**`.
func claudePathAnchor(spec string) (p string, anyDepth, projectRooted bool) {
	p = spec
	switch {
	case strings.HasPrefix(p, "//"):
		p = p[1:]
	case strings.HasPrefix(p, "~/"):
	case strings.HasPrefix(p, "/"):
		p, projectRooted = p[1:], true
	case strings.HasPrefix(p, "./"):
		p = p[2:]
	default:
		anyDepth = !strings.Contains(strings.TrimSuffix(p, "/"), "/")
	}
	if strings.HasSuffix(p, "/") {
		p += "**"
	}
	return p, anyDepth, projectRooted
}

// claudePathToGlobs rewrites a Claude Code path specifier (gitignore style: `*` stays inside
// one path segment, `**` crosses segments, a name without a slash matches at any depth) into
// agentmgr patterns, where `*` crosses `/`. Anchors: `//x` is the absolute /x, `~/x` stays,
// `/x` (relative to the settings file's project) and `./x` become relative patterns, which
// the gate matches against the path relative to the working directory. why says what changed
// in meaning, "" when nothing did.
func claudePathToGlobs(spec string) (pats []string, why string) {
	var notes []string
	p, anyDepth, projectRooted := claudePathAnchor(spec)
	if projectRooted {
		notes = append(notes, "a /path is relative to the project of the settings file; agentmgr matches it relative to the working directory")
	}
	abs := strings.HasPrefix(p, "/")
	p = strings.TrimPrefix(p, "/")
	// Segment-level rewrite: a `**` segment matches zero or more segments.
	segs := strings.Split(p, "/")
	variants := []string{""}
	for i, s := range segs {
		last := i == len(segs)-1
		var next []string
		for _, v := range variants {
			join := func(x string) string {
				if v == "" {
					return x
				}
				return v + "/" + x
			}
			switch {
			case s == "**" && last:
				next = append(next, join("*"))
			case s == "**":
				// zero segments, or any number
				if i == 0 {
					next = append(next, "", "*")
				} else {
					next = append(next, v, join("*"))
				}
			default:
				if strings.Contains(s, "*") && !crossingIsHarmless(segs, i, anyDepth) {
					notes = append(notes, "* in "+s+" stays inside one folder in Claude Code but crosses / in agentmgr, so the rule also matches paths in sub-folders")
				}
				next = append(next, join(strings.ReplaceAll(s, "**", "*")))
			}
		}
		variants = next
	}
	if anyDepth {
		// A bare name matches in every folder.
		variants = []string{variants[0], "*/" + variants[0]}
	}
	seen := map[string]bool{}
	for _, v := range variants {
		if abs {
			v = "/" + v
		}
		if v != "" && !seen[v] {
			seen[v] = true
			pats = append(pats, v)
		}
	}
	if len(pats) == 0 {
		pats = []string{"*"}
	}
	return pats, strings.Join(uniq.Of(notes), "; ")
}

// crossingIsHarmless reports whether a single-star segment means the same when its `*` may
// cross `/`: the last segment, starting with its only `*`, after a part that already matches
// at any depth (`**/*.go`, a bare `*.env`).
func crossingIsHarmless(segs []string, i int, anyDepth bool) bool {
	s := segs[i]
	if i != len(segs)-1 || !strings.HasPrefix(s, "*") || strings.Count(s, "*") != 1 {
		return false
	}
	return i == 0 && anyDepth || i > 0 && segs[i-1] == "**"
}
