package convert

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// ClaudeTiers are Claude Code's permission lists. Claude Code checks deny first, then ask,
// then allow; the order inside a list does not matter.
type ClaudeTiers struct {
	Allow []string `json:"allow"`
	Ask   []string `json:"ask"`
	Deny  []string `json:"deny"`
}

// claudeReadOnly are the tools Claude Code runs without asking, in its default mode, when no
// rule names them (inside the working directory).
var claudeReadOnly = map[string]bool{"Read": true, "Grep": true, "Glob": true, "LS": true, "NotebookRead": true}

// ClaudeDecide is a model of how Claude Code's default mode decides a call of tool with value
// under tiers: deny beats ask beats allow; with no rule, read-only tools are allowed and the
// others ask. Paths are relative to the working directory. It is what an export's tiers are
// checked against; it does not model compound shell commands.
func ClaudeDecide(t ClaudeTiers, tool, value string) engine.Action {
	for _, tier := range []struct {
		rules []string
		a     engine.Action
	}{{t.Deny, engine.Deny}, {t.Ask, engine.Ask}, {t.Allow, engine.Allow}} {
		for _, s := range tier.rules {
			c, err := ParseClaudeRule(s)
			if err == nil && claudeMatches(c, tool, value) {
				return tier.a
			}
		}
	}
	if claudeReadOnly[tool] {
		return engine.Allow
	}
	return engine.Ask
}

// claudeMatches reports whether rule c covers a call of tool with value.
func claudeMatches(c ClaudeRule, tool, value string) bool {
	if !claudeToolCovers(c.Tool, tool) {
		return false
	}
	if !c.Has || c.Spec == "*" || c.Spec == "" {
		return true
	}
	switch {
	case claudeShellTool(c.Tool):
		return claudeCommandMatch(c.Spec, value)
	case claudePathTool(c.Tool):
		return gitignoreMatch(c.Spec, value)
	case c.Tool == "WebFetch":
		if dom, ok := strings.CutPrefix(c.Spec, "domain:"); ok {
			u, err := url.Parse(value)
			return err == nil && u.Hostname() == dom
		}
	}
	return wildcardRE(c.Spec).MatchString(value)
}

// claudeToolCovers reports whether a rule naming ruleTool applies to tool: Edit rules cover
// every file-editing tool, an MCP server name covers its tools.
func claudeToolCovers(ruleTool, tool string) bool {
	if ruleTool == tool {
		return true
	}
	switch ruleTool {
	case "Edit":
		return tool == "Write" || tool == "MultiEdit" || tool == "NotebookEdit"
	case "Agent", "Task":
		return tool == "Agent" || tool == "Task"
	}
	if strings.HasPrefix(ruleTool, "mcp__") {
		server := strings.TrimSuffix(strings.TrimSuffix(ruleTool, "*"), "__")
		return strings.HasPrefix(tool, server+"__")
	}
	return false
}

// claudeCommandMatch matches a Bash specifier: `x:*` is the prefix x as whole words; a `*`
// matches any text, and a trailing " *" also matches nothing.
func claudeCommandMatch(spec, cmd string) bool {
	if p, ok := strings.CutSuffix(spec, ":*"); ok {
		return cmd == p || strings.HasPrefix(cmd, p+" ")
	}
	return wildcardRE(spec).MatchString(cmd)
}

// wildcardRE compiles a pattern where `*` matches any text and a trailing " *" is optional.
func wildcardRE(p string) *regexp.Regexp {
	tail := ""
	if q, ok := strings.CutSuffix(p, " *"); ok {
		p, tail = q, "( .*)?"
	}
	parts := strings.Split(p, "*")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	re, err := regexp.Compile(`(?s)^` + strings.Join(parts, ".*") + tail + `$`)
	if err != nil {
		return regexp.MustCompile(`$.^`) // invalid UTF-8: matches nothing
	}
	return re
}

// gitignoreMatch matches a relative path against a Claude Code path specifier: `*` inside one
// segment, `**` across segments, a name without a slash at any depth; `./x` and `/x` anchor
// at the working directory (the model's project root), `//x` is absolute.
func gitignoreMatch(spec, path string) bool {
	p, anyDepth, _ := claudePathAnchor(spec)
	var b strings.Builder
	b.WriteString(`^`)
	if anyDepth {
		b.WriteString(`(?:.*/)?`)
	}
	for i := 0; i < len(p); i++ {
		switch {
		case strings.HasPrefix(p[i:], "**/"):
			b.WriteString(`(?:.*/)?`)
			i += 2
		case strings.HasPrefix(p[i:], "**"):
			b.WriteString(`.*`)
			i++
		case p[i] == '*':
			b.WriteString(`[^/]*`)
		case p[i] == '?':
			b.WriteString(`[^/]`)
		default:
			j := i + 1
			for j < len(p) && p[j] != '*' && p[j] != '?' {
				j++
			}
			b.WriteString(regexp.QuoteMeta(p[i:j]))
			i = j - 1
		}
	}
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(path)
}
