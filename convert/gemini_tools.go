package convert

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/escape"
)

// geminiTool is one Gemini CLI tool an agentmgr permission key decides, and the argument its
// patterns are matched against (Gemini's policy engine matches argsPattern against the call's
// arguments as stable JSON: each top-level `"key":value` pair between NUL characters).
type geminiTool struct {
	Name string
	Arg  string // "" when agentmgr's patterns cannot be said over this tool's arguments
}

// geminiTools maps agentmgr's permission keys to the tools of Gemini CLI 0.61.0
// (ALL_BUILTIN_TOOL_NAMES of its core bundle, with their argument keys from its tools
// reference). A key missing here has no Gemini tool.
var geminiTools = map[string][]geminiTool{
	"read":      {{"read_file", "file_path"}, {"read_many_files", ""}},
	"edit":      {{"write_file", "file_path"}, {"replace", "file_path"}},
	"bash":      {{"run_shell_command", "command"}},
	"grep":      {{"grep_search", "pattern"}},
	"glob":      {{"glob", "pattern"}},
	"list":      {{"list_directory", "dir_path"}},
	"webfetch":  {{"web_fetch", "prompt"}},
	"websearch": {{"google_web_search", "query"}},
	"task":      {{"invoke_agent", "agent_name"}},
	"todo":      {{"write_todos", ""}},
	"question":  {{"ask_user", ""}},
}

// geminiKeyOf is the agentmgr key a Gemini tool is decided under on import ("" when none);
// search_file_content is the legacy name of grep_search.
func geminiKeyOf(tool string) string {
	if tool == "search_file_content" {
		return "grep"
	}
	for k, ts := range geminiTools {
		for _, t := range ts {
			if t.Name == tool {
				return k
			}
		}
	}
	return ""
}

// geminiDecision is Gemini's word for an agentmgr action.
func geminiDecision(a engine.Action) string {
	if a == engine.Ask {
		return "ask_user"
	}
	return string(a)
}

// parseGeminiDecision reads a Gemini decision.
func parseGeminiDecision(s string) (engine.Action, error) {
	switch s {
	case "allow":
		return engine.Allow, nil
	case "deny":
		return engine.Deny, nil
	case "ask_user":
		return engine.Ask, nil
	}
	return "", fmt.Errorf("unknown decision %q; expected allow, deny or ask_user", s)
}

// jsonText is s as JSON.stringify writes it inside a string, without the quotes: Gemini's
// argsPattern sees the arguments in that spelling. Unlike Go's encoding/json, JavaScript does
// not escape <, >, & or U+2028/U+2029.
func jsonText(s string) string {
	return escape.Backslash(s, func(r rune) (string, bool) {
		switch r {
		case '\b':
			return `\b`, true
		case '\f':
			return `\f`, true
		}
		if r < 0x20 {
			return fmt.Sprintf(`\u%04x`, r), true
		}
		return "", false
	})
}

// Pieces of the regular expressions the export writes. Gemini refuses a pattern with a
// quantified group (its ReDoS check), so only character classes are ever quantified.
const (
	reAny     = `[^\x00]*`                                     // agentmgr's *: the rest of one argument's JSON text
	reOne     = `(?:\\u[0-9a-fA-F]{4}|\\.|[^\x00\\])`          // agentmgr's ?: one character, escaped or not
	reHome    = `(?:/home/[^/\x00"]+|/Users/[^/\x00"]+|/root)` // ~ for a path the model writes out in full
	reArgOpen = `\x00"%s":"`                                   // the start of a string argument
	reArgEnd  = `"\x00`                                        // its end
	// A command's output thrown away, and text with no other redirection before it.
	reDevNull = `(?: [12]?>/dev/null| [12]?>/dev/null 2>&1| &>/dev/null| 2>&1)`
	reNoRedir = `[^\x00<>]*`
)

// globRegex translates an agentmgr wildcard into a regular expression over the JSON text of
// one string argument, anchored at both ends as agentmgr's patterns are. A trailing " *" is
// optional, as in agentmgr. home expands a leading ~ or $HOME (path keys).
func globRegex(pattern string, home bool) string {
	var b strings.Builder
	body, tail := pattern, false
	if q, ok := strings.CutSuffix(pattern, " *"); ok && q != "" {
		body, tail = q, true
	}
	if home {
		for _, h := range []string{"~", "$HOME"} {
			if body == h || strings.HasPrefix(body, h+"/") {
				b.WriteString(reHome)
				body = body[len(h):]
				break
			}
		}
	}
	for _, r := range body {
		switch r {
		case '*':
			b.WriteString(reAny)
		case '?':
			b.WriteString(reOne)
		default:
			b.WriteString(regexp.QuoteMeta(jsonText(string(r))))
		}
	}
	if tail {
		b.WriteString(`(?:| ` + reAny + `)`)
	}
	return b.String()
}

// reWrap is one wrapper agentmgr looks through and Gemini does not: a VAR=value assignment, a
// command named by its path, or a wrapper that runs the rest (sudo, env, nice, ...). Gemini
// quantifies no group, so a rule that should see through wrappers repeats it: wrappedRegex
// allows one or two.
const reWrap = `(?:[A-Za-z_][A-Za-z0-9_]*=[^\x00 ]* |[^\x00 ]*/|sudo |doas |env |nice |nohup |time |command |exec |builtin |setsid |stdbuf |xargs |timeout [0-9.]+[smhd]? |find [^\x00]* -(?:exec|execdir|ok|okdir) )`

// reRunsCode is a command that runs code it is given rather than a program named in the
// rule: an interpreter with -c or -e, a shell reading its standard input, eval. agentmgr asks
// for such a command unless a rule names it, so a shell catch-all's allow does not cover it.
const reRunsCode = `\x00"command":"(?:(?:python[0-9.]*|node|perl|ruby|php|deno|bun|osascript) (?:-c|-e|-E|--eval|-p)(?:| [^\x00]*)|(?:sh|bash|zsh|dash|ksh)(?:| -s| -)|eval(?:| [^\x00]*))"\x00`

// wrappedRegex is the argsPattern for a shell command matching pattern behind one or two
// wrappers.
func wrappedRegex(pattern string) string {
	return fmt.Sprintf(reArgOpen, "command") + reWrap + `(?:|` + reWrap[3:] + globRegex(pattern, false) + reArgEnd
}

// argRegex is the argsPattern that matches a call whose argument arg matches pattern.
func argRegex(arg, pattern string, home bool) string {
	return fmt.Sprintf(reArgOpen, arg) + globRegex(pattern, home) + reArgEnd
}

// literalPrefix reports whether pattern is "WORDS *" with no wildcard in WORDS: Gemini's
// commandPrefix says exactly that (the prefix, then a space, a tab or the end).
func literalPrefix(pattern string) (string, bool) {
	q, ok := strings.CutSuffix(pattern, " *")
	if !ok || q == "" || strings.ContainsAny(q, "*?") || strings.TrimSpace(q) != q {
		return "", false
	}
	return q, true
}
