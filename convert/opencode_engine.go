package convert

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentmgr/agentmgr/engine"
)

// OpenCode 1.18.33 decides a tool call from one flat, ordered list of rules: its built-in
// defaults, then the top-level `permission` of opencode.json, then the agent's own (with its
// `tools` map folded in). This file models that decision, as measured by running OpenCode,
// so that an export can name every call OpenCode would decide differently from agentmgr and
// an import can say what OpenCode adds on its own.

// ocRule is one rule of OpenCode's resolved list.
type ocRule struct {
	Permission, Pattern string
	Action              engine.Action
}

// ocMatch is OpenCode's wildcard: `*` is any text (slashes too), `?` one character, a
// trailing " *" may be absent, and a backslash is read as a slash on both sides.
func ocMatch(s, pattern string) bool {
	s = strings.ReplaceAll(s, `\`, "/")
	pattern = strings.ReplaceAll(pattern, `\`, "/")
	return regexp.MustCompile(ocRegexp(pattern)).MatchString(s)
}

// ocRegexp is the regular expression of OpenCode's wildcard pattern, backslashes aside: `*`
// is any text (slashes too), `?` one character, and a trailing " *" may be absent.
func ocRegexp(pattern string) string {
	tail := ""
	if p, ok := strings.CutSuffix(pattern, " *"); ok {
		pattern, tail = p, "( .*)?"
	}
	var b strings.Builder
	for _, r := range pattern {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return "(?s)^" + b.String() + tail + "$"
}

// ocEvaluate is OpenCode's evaluate: the last rule whose permission and pattern match decides;
// with none it asks.
func ocEvaluate(rules []ocRule, perm, value string) engine.Action {
	for i := len(rules) - 1; i >= 0; i-- {
		if ocMatch(perm, rules[i].Permission) && ocMatch(value, rules[i].Pattern) {
			return rules[i].Action
		}
	}
	return engine.Ask
}

// ocAsk is OpenCode's permission request for several patterns at once: one denied pattern
// denies, one that asks asks, and only all allowed allows.
func ocAsk(rules []ocRule, perm string, patterns []string) engine.Action {
	out := engine.Allow
	for _, p := range patterns {
		out = engine.Stricter(out, ocEvaluate(rules, perm, p))
	}
	return out
}

// ocPathCommands are the commands whose path arguments OpenCode checks against
// external_directory; ocDirCommands change the folder and are not asked as bash at all.
var (
	ocDirCommands  = map[string]bool{"cd": true, "chdir": true, "popd": true, "pushd": true}
	ocPathCommands = map[string]bool{"cd": true, "chdir": true, "popd": true, "pushd": true, "rm": true, "cp": true, "mv": true, "mkdir": true, "touch": true, "chmod": true, "chown": true, "cat": true}
)

// ocPlace is where OpenCode runs in a comparison: the project folder and the home directory.
type ocPlace struct{ Project, Home string }

// ocDecide decides a call under OpenCode's rules: key is OpenCode's permission key, value the
// command, path or other value the tool asks with. Paths outside the project ask
// external_directory first, as OpenCode's file tools do.
func ocDecide(rules []ocRule, key, value string, pl ocPlace) engine.Action {
	if key == "bash" {
		return ocDecideBash(rules, value, pl)
	}
	out := engine.Allow
	switch key {
	case "read", "edit", "list":
		if abs := pl.abs(value); abs != "" && !pl.inside(abs) {
			out = ocAsk(rules, "external_directory", []string{path.Join(path.Dir(abs), "*")})
		}
	}
	return engine.Stricter(out, ocEvaluate(rules, key, value))
}

func (pl ocPlace) abs(p string) string {
	switch {
	case p == "":
		return ""
	case p == "~":
		return pl.Home
	case strings.HasPrefix(p, "~/"):
		return path.Join(pl.Home, p[2:])
	case strings.HasPrefix(p, "/"):
		return path.Clean(p)
	}
	return path.Join(pl.Project, p)
}

func (pl ocPlace) inside(abs string) bool {
	return abs == pl.Project || strings.HasPrefix(abs, pl.Project+"/")
}

// ocDecideBash is OpenCode's shell tool: every simple command of the parsed line (those in
// substitutions too) is a pattern, written as its raw text with its redirections; a folder
// change is not asked; path arguments of file commands outside the project ask
// external_directory for their folder. A line OpenCode cannot parse fails.
func ocDecideBash(rules []ocRule, cmd string, pl ocPlace) engine.Action {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return engine.Deny
	}
	var patterns, dirs []string
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		call, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 && len(call.Assigns) == 0 {
			return true
		}
		name := ""
		if len(call.Args) > 0 {
			name = call.Args[0].Lit()
		}
		if ocPathCommands[name] {
			for _, a := range call.Args[1:] {
				dirs = append(dirs, pl.argDir(name, a)...)
			}
		}
		if !ocDirCommands[name] {
			patterns = append(patterns, strings.TrimSpace(cmd[st.Pos().Offset():st.End().Offset()]))
		}
		return true
	})
	out := engine.Allow
	if len(dirs) > 0 {
		out = ocAsk(rules, "external_directory", dirs)
	}
	if len(patterns) > 0 {
		out = engine.Stricter(out, ocAsk(rules, "bash", patterns))
	}
	return out
}

// argDir is the external_directory pattern of one argument of a file command: none for an
// option, a value with a variable or one inside the project.
func (pl ocPlace) argDir(cmd string, w *syntax.Word) []string {
	s := w.Lit()
	if s == "" {
		if len(w.Parts) != 1 {
			return nil
		}
		switch q := w.Parts[0].(type) {
		case *syntax.SglQuoted:
			s = q.Value
		case *syntax.DblQuoted:
			if len(q.Parts) != 1 {
				return nil
			}
			l, ok := q.Parts[0].(*syntax.Lit)
			if !ok {
				return nil
			}
			s = l.Value
		default:
			return nil
		}
	}
	if strings.HasPrefix(s, "-") || cmd == "chmod" && strings.HasPrefix(s, "+") {
		return nil
	}
	if i := strings.IndexAny(s, "?*["); i == 0 {
		return nil
	} else if i > 0 {
		s = s[:i]
	}
	abs := pl.abs(s)
	if abs == "" || pl.inside(abs) {
		return nil
	}
	// OpenCode asks for the folder itself when the argument is one, else for its parent; a
	// comparison cannot look at the disk, so a value ending in / or naming no file is a folder.
	dir := path.Dir(abs)
	if strings.HasSuffix(s, "/") || ocDirCommands[cmd] || cmd == "mkdir" {
		dir = abs
	}
	return []string{path.Join(dir, "*")}
}

// ocBuiltinRules are the rules OpenCode 1.18.33 starts every custom agent from, before any
// configuration (`opencode debug agent` lists them); tool-output is OpenCode's data folder
// under the home directory.
func ocBuiltinRules(home string) []ocRule {
	return []ocRule{
		{"*", "*", engine.Allow},
		{"doom_loop", "*", engine.Ask},
		{"external_directory", "*", engine.Ask},
		{"external_directory", path.Join(home, ".local/share/opencode/tool-output/*"), engine.Allow},
		{"external_directory", "/tmp/opencode/*", engine.Allow},
		{"question", "*", engine.Deny},
		{"plan_enter", "*", engine.Deny},
		{"plan_exit", "*", engine.Deny},
		{"read", "*", engine.Allow},
		{"read", "*.env", engine.Ask},
		{"read", "*.env.*", engine.Ask},
		{"read", "*.env.example", engine.Allow},
	}
}

// ocActionOnly are OpenCode's permission keys that take only an action: a pattern map there
// makes OpenCode refuse its whole configuration.
var ocActionOnly = map[string]bool{"webfetch": true, "websearch": true, "todowrite": true, "question": true, "doom_loop": true}

// ocKeyFor is OpenCode's permission key for an agentmgr key: pi's todo tool is OpenCode's
// todowrite, and an MCP tool mcp__server__tool is OpenCode's server_tool; the other keys are
// shared.
func ocKeyFor(key string) string {
	k, _ := ocKey(key)
	return k
}

// ocKey is ocKeyFor, and whether OpenCode can name the key at all: a rule over every MCP
// server (mcp__*, mcp*) has no spelling, since OpenCode's MCP tools are named server_tool
// like any other tool with an underscore.
func ocKey(key string) (string, bool) {
	if key == "todo" {
		return "todowrite", true
	}
	if rest, ok := strings.CutPrefix(key, "mcp__"); ok {
		server, tool, found := strings.Cut(rest, "__")
		if !found || server == "" || strings.ContainsAny(server, "*?") {
			return key, false
		}
		return ocSanitize(server) + "_" + ocSanitize(tool), true
	}
	if strings.HasPrefix(key, "mcp") && strings.ContainsAny(key, "*?") {
		return key, false
	}
	return key, true
}

// ocSanitize is how OpenCode spells a server or tool name inside a tool name: every
// character but letters, digits, _ and - becomes _ (the wildcards of a rule are kept).
func ocSanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '*' || r == '?' {
			return r
		}
		return '_'
	}, s)
}

// keyFromOpenCode is agentmgr's key for an OpenCode permission key (the inverse of ocKeyFor);
// OpenCode's write and patch tools are governed by edit.
func keyFromOpenCode(key string) string {
	switch key {
	case "todowrite":
		return "todo"
	case "write", "patch", "apply_patch":
		return "edit"
	}
	return key
}
