package convert

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// The decision rules of each format, written from the formats' documentation, independently
// of the conversion code: the property tests check imported personas against them.

// wildRE is a pattern where `*` is any text (slashes too) and a trailing " *" may be absent:
// OpenCode's and agentmgr's wildcards. It is OpenCode's as the OpenCode model compiles it
// (ocRegexp), which the real-OpenCode tests hold to what OpenCode does; what the oracles check,
// agentmgr's engine deciding an imported persona, matches with its own code.
func wildRE(p string) *regexp.Regexp { return regexp.MustCompile(ocRegexp(p)) }

// lastMatchOracle is OpenCode's rule: the last rule whose permission and pattern match
// decides; none asks.
func lastMatchOracle(rs []engine.Rule, key, value string) engine.Action {
	a := engine.Ask
	for _, r := range rs {
		if wildRE(r.Permission).MatchString(key) && wildRE(r.Pattern).MatchString(value) {
			a = r.Action
		}
	}
	return a
}

// claudeOracle is Claude Code's rule: any matching deny denies, else any ask asks, else any
// allow allows; with no rule, read-only tools are allowed inside the working directory and
// everything else asks.
func claudeOracle(allow, ask, deny []string, tool, value string) engine.Action {
	for _, t := range []struct {
		list []string
		a    engine.Action
	}{{deny, engine.Deny}, {ask, engine.Ask}, {allow, engine.Allow}} {
		for _, r := range t.list {
			if oracleRuleMatches(r, tool, value) {
				return t.a
			}
		}
	}
	switch tool {
	case "Read", "Grep", "Glob", "LS":
		if strings.HasPrefix(value, "/") || strings.HasPrefix(value, "~") {
			return engine.Ask // outside the working directory
		}
		return engine.Allow
	}
	return engine.Ask
}

func oracleRuleMatches(rule, tool, value string) bool {
	name, spec, has := strings.Cut(strings.TrimSuffix(rule, ")"), "(")
	switch {
	case name == tool:
	case name == "Edit" && (tool == "Write" || tool == "MultiEdit" || tool == "NotebookEdit"):
	case strings.HasPrefix(name, "mcp__") && strings.Count(name, "__") == 1 && strings.HasPrefix(tool, name+"__"):
	default:
		return false
	}
	if !has {
		return true
	}
	switch name {
	case "Bash":
		if p, ok := strings.CutSuffix(spec, ":*"); ok {
			return value == p || strings.HasPrefix(value, p+" ")
		}
		return wildRE(spec).MatchString(value)
	case "Read", "Edit", "Write":
		return gitignoreRE(spec).MatchString(value)
	case "WebFetch":
		u, err := url.Parse(value)
		return err == nil && "domain:"+u.Hostname() == spec
	}
	return spec == value
}

// gitignoreRE: `*` inside a segment, `**/` any folders, `**` at the end everything below;
// `//` absolute, `./` relative to the working directory, a bare name at any depth.
func gitignoreRE(spec string) *regexp.Regexp {
	prefix := ""
	switch {
	case strings.HasPrefix(spec, "//"):
		spec = spec[1:]
	case strings.HasPrefix(spec, "./"):
		spec = spec[2:]
	case strings.HasPrefix(spec, "~/"):
	case !strings.Contains(spec, "/"):
		prefix = "(.*/)?"
	}
	var b strings.Builder
	for i := 0; i < len(spec); i++ {
		switch {
		case strings.HasPrefix(spec[i:], "**/"):
			b.WriteString("(.*/)?")
			i += 2
		case strings.HasPrefix(spec[i:], "**"):
			b.WriteString(".*")
			i++
		case spec[i] == '*':
			b.WriteString("[^/]*")
		default:
			b.WriteString(regexp.QuoteMeta(spec[i : i+1]))
		}
	}
	return regexp.MustCompile("^" + prefix + b.String() + "$")
}

// rooOracle is a Roo mode's rule: a tool outside the mode's groups is refused, one inside is
// asked for (approval is a global setting); an edit outside fileRegex is refused; a subtask
// can always be started.
func rooOracle(groups map[string]bool, fileRegex string, tool, value string) engine.Action {
	group := map[string]string{"Read": "read", "Grep": "read", "Glob": "read", "LS": "read",
		"Edit": "edit", "Write": "edit", "WebFetch": "browser", "WebSearch": "browser", "Bash": "command"}[tool]
	if strings.HasPrefix(tool, "mcp__") {
		group = "mcp"
	}
	if tool == "Agent" || tool == "Task" {
		return engine.Ask
	}
	if !groups[group] {
		return engine.Deny
	}
	if group == "edit" && fileRegex != "" && !regexp.MustCompile(fileRegex).MatchString(value) {
		return engine.Deny
	}
	return engine.Ask
}
