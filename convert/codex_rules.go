package convert

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/escape"
)

// codexPolicy is what a Codex `.rules` file holds: prefix rules, which decide a command whose
// argv starts with their pattern, and host_executable declarations, which say which absolute
// paths of a program its base-name rules also cover. Codex applies the strictest decision of
// every matching rule (forbidden > prompt > allow); order in the file does not matter.
type codexPolicy struct {
	Rules []codexRule
	Hosts []codexHost
}

// codexRule is one prefix_rule call.
type codexRule struct {
	// Pattern is the argv prefix: each position holds its alternatives (one for a literal).
	Pattern       [][]string
	Decision      string // allow, prompt or forbidden
	Justification string
	Match         [][]string // example commands the rule must match, as argv
	NotMatch      [][]string // example commands it must not match
	Comment       string     // written as a comment line above the rule; not read back
	Line          int
}

// codexHost is one host_executable call.
type codexHost struct {
	Name  string
	Paths []string
	Line  int
}

// Codex's decisions, and agentmgr's action for each.
var codexActions = map[string]engine.Action{"allow": engine.Allow, "prompt": engine.Ask, "forbidden": engine.Deny}

// codexDecision is Codex's word for an agentmgr action.
func codexDecision(a engine.Action) string { return actionWord(a, "allow", "prompt", "forbidden") }

// matches reports whether argv starts with the rule's pattern.
func (r *codexRule) matches(argv []string) bool {
	if len(argv) < len(r.Pattern) {
		return false
	}
	for i, alts := range r.Pattern {
		ok := false
		for _, a := range alts {
			if argv[i] == a {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// decide is Codex's decision on argv: the strictest matching rule's, or "" when none matches
// (the approval policy then decides). A program named by an absolute path is also tried by its
// base name, as `--resolve-host-executables` does, when no rule matches it literally and no
// host_executable of that name excludes the path.
func (p *codexPolicy) decide(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	best := p.strictest(argv)
	if best == "" && strings.HasPrefix(argv[0], "/") {
		base := argv[0][strings.LastIndex(argv[0], "/")+1:]
		if p.hostAllows(base, argv[0]) {
			best = p.strictest(append([]string{base}, argv[1:]...))
		}
	}
	return best
}

func (p *codexPolicy) strictest(argv []string) string {
	best := ""
	for i := range p.Rules {
		r := &p.Rules[i]
		if r.matches(argv) && (best == "" || engine.Stricter(codexActions[best], codexActions[r.Decision]) != codexActions[best]) {
			best = r.Decision
		}
	}
	return best
}

// hostAllows reports whether path may stand for program name: always, unless host_executable
// declarations for name list other paths only.
func (p *codexPolicy) hostAllows(name, path string) bool {
	declared := false
	for _, h := range p.Hosts {
		if h.Name != name {
			continue
		}
		declared = true
		for _, hp := range h.Paths {
			if hp == path {
				return true
			}
		}
	}
	return !declared
}

// render writes the policy as a `.rules` file: the header lines as comments, then each
// host_executable and each prefix_rule.
func (p *codexPolicy) render(header []string) []byte {
	var b strings.Builder
	for _, h := range header {
		b.WriteString(strings.TrimRight("# "+h, " ") + "\n")
	}
	for _, h := range p.Hosts {
		fmt.Fprintf(&b, "\nhost_executable(name = %s, paths = %s)\n", starQuote(h.Name), starList(h.Paths))
	}
	for _, r := range p.Rules {
		b.WriteString("\n")
		if r.Comment != "" {
			for _, l := range strings.Split(r.Comment, "\n") {
				b.WriteString("# " + l + "\n")
			}
		}
		b.WriteString("prefix_rule(\n    pattern = [")
		for i, alts := range r.Pattern {
			if i > 0 {
				b.WriteString(", ")
			}
			if len(alts) == 1 {
				b.WriteString(starQuote(alts[0]))
			} else {
				b.WriteString(starList(alts))
			}
		}
		b.WriteString("],\n")
		fmt.Fprintf(&b, "    decision = %s,\n", starQuote(r.Decision))
		if r.Justification != "" {
			fmt.Fprintf(&b, "    justification = %s,\n", starQuote(r.Justification))
		}
		for _, ex := range []struct {
			key  string
			list [][]string
		}{{"match", r.Match}, {"not_match", r.NotMatch}} {
			if len(ex.list) == 0 {
				continue
			}
			fmt.Fprintf(&b, "    %s = [\n", ex.key)
			for _, argv := range ex.list {
				// Examples are written as argv lists, not strings, so that Codex reads exactly
				// these words whatever its own splitting of a string would make of them.
				fmt.Fprintf(&b, "        %s,\n", starList(argv))
			}
			b.WriteString("    ],\n")
		}
		b.WriteString(")\n")
	}
	return []byte(b.String())
}

// starQuote writes s as a Starlark string literal.
func starQuote(s string) string {
	return `"` + escape.Backslash(s, func(r rune) (string, bool) {
		if r < 0x20 || r == 0x7f {
			return fmt.Sprintf(`\x%02x`, r), true
		}
		return "", false
	}) + `"`
}

func starList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = starQuote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// codexArgv splits a command the way Codex splits a string example (POSIX shell words:
// blanks separate, quotes and backslashes quote). It fails on an unclosed quote.
func codexArgv(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`\n", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			in = true
		case c == '\\':
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// shellJoin writes argv as one command line, quoting words that need it.
func shellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, w := range argv {
		if w != "" && strings.IndexFunc(w, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%^", r))
		}) < 0 {
			q[i] = w
		} else {
			q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// starError is a .rules parse error at a position.
func starError(source string, line, col int, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", source, line, col, fmt.Sprintf(format, args...))
}

// codexCommands is what Codex checks its rules against for argv: a script given to bash, zsh
// or sh with -c or -lc that is plain (words, quotes, and the operators &&, ||, ; and |) is
// split into its commands, each checked; any other argv is checked whole.
func codexCommands(argv []string) [][]string {
	if len(argv) == 3 && (argv[1] == "-c" || argv[1] == "-lc") {
		switch argv[0][strings.LastIndex(argv[0], "/")+1:] {
		case "bash", "zsh", "sh":
			if cmds, ok := plainScript(argv[2]); ok && len(cmds) > 0 {
				return cmds
			}
		}
	}
	return [][]string{argv}
}

// plainScript splits a script of plain commands at its operators; ok is false when the script
// has anything else (expansions, redirections, subshells, globs, comments).
func plainScript(s string) (cmds [][]string, ok bool) {
	var cur []string
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			cur = append(cur, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCmd := func() bool {
		endWord()
		if len(cur) == 0 {
			return false
		}
		cmds = append(cmds, cur)
		cur = nil
		return true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '\n' || c == ';':
			if !endCmd() {
				return nil, false
			}
		case c == '&' || c == '|':
			if i+1 < len(s) && s[i+1] == c {
				i++
			} else if c == '&' {
				return nil, false // a background job
			}
			if !endCmd() {
				return nil, false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			word.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 || strings.ContainsAny(s[i+1:i+1+j], "$`\\") {
				return nil, false
			}
			word.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '=' && len(cur) == 0:
			return nil, false // an assignment before the command
		case strings.IndexByte("$`\\()<>{}*?[]~#!", c) >= 0:
			return nil, false
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endWord()
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	} else if len(cmds) > 0 {
		return nil, false // a trailing operator
	}
	return cmds, true
}
