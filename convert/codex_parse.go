package convert

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseCodexRules reads a Codex `.rules` file: the Starlark subset Codex's policy files are
// written in (comments, and calls of prefix_rule and host_executable with keyword arguments
// whose values are strings and lists). A call of another function is not an error: it is
// returned in other, for the report, since newer Codex versions know more functions. Anything
// else is an error naming the file, line and column and what was expected.
func parseCodexRules(source string, data []byte) (pol *codexPolicy, other []codexCall, err error) {
	if !utf8.Valid(data) {
		return nil, nil, starError(source, 1, 1, "the file is not UTF-8 text")
	}
	p := &starParser{src: string(data), source: source, line: 1, col: 1}
	pol = &codexPolicy{}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return pol, other, nil
		}
		call, err := p.call()
		if err != nil {
			return nil, nil, err
		}
		switch call.Name {
		case "prefix_rule":
			r, err := p.prefixRule(call)
			if err != nil {
				return nil, nil, err
			}
			pol.Rules = append(pol.Rules, r)
		case "host_executable":
			h, err := p.hostExecutable(call)
			if err != nil {
				return nil, nil, err
			}
			pol.Hosts = append(pol.Hosts, h)
		default:
			other = append(other, call)
		}
	}
}

// codexCall is one top-level call of a .rules file.
type codexCall struct {
	Name      string
	Line, Col int
	Args      []starArg
}

type starArg struct {
	Name      string
	Value     starValue
	Line, Col int
}

// starValue is a string (List nil, IsList false) or a list of values.
type starValue struct {
	Str       string
	IsList    bool
	List      []starValue
	Line, Col int
}

type starParser struct {
	src       string
	source    string
	pos       int
	line, col int
}

func (p *starParser) errf(format string, args ...any) error {
	return starError(p.source, p.line, p.col, format, args...)
}

func (p *starParser) advance(n int) {
	for i := 0; i < n && p.pos < len(p.src); i++ {
		if p.src[p.pos] == '\n' {
			p.line, p.col = p.line+1, 1
		} else if p.src[p.pos]&0xC0 != 0x80 {
			p.col++
		}
		p.pos++
	}
}

// skipSpace skips blanks, newlines and comments.
func (p *starParser) skipSpace() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.advance(1)
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.advance(1)
			}
		default:
			return
		}
	}
}

func (p *starParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *starParser) expect(c byte, what string) error {
	p.skipSpace()
	if p.peek() != c {
		return p.errf("expected %s, found %s", what, p.found())
	}
	p.advance(1)
	return nil
}

// found describes what stands at the current position, for errors.
func (p *starParser) found() string {
	if p.pos >= len(p.src) {
		return "the end of the file"
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return strconv.QuoteRune(r)
}

func isIdentByte(c byte, first bool) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && c >= '0' && c <= '9'
}

func (p *starParser) ident() (string, bool) {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && isIdentByte(p.src[p.pos], p.pos == start) {
		p.advance(1)
	}
	return p.src[start:p.pos], p.pos > start
}

// call reads NAME(KEY = VALUE, ...).
func (p *starParser) call() (codexCall, error) {
	line, col := p.line, p.col
	name, ok := p.ident()
	if !ok {
		return codexCall{}, p.errf("expected a call such as prefix_rule(...), found %s", p.found())
	}
	c := codexCall{Name: name, Line: line, Col: col}
	if err := p.expect('(', "( after "+name); err != nil {
		return c, err
	}
	seen := map[string]bool{}
	for {
		p.skipSpace()
		if p.peek() == ')' {
			p.advance(1)
			return c, nil
		}
		aline, acol := p.line, p.col
		key, ok := p.ident()
		if !ok {
			return c, p.errf("expected a keyword argument (name = value) or ), found %s", p.found())
		}
		if seen[key] {
			return c, starError(p.source, aline, acol, "%s: argument %s given twice", name, key)
		}
		seen[key] = true
		if err := p.expect('=', "= after "+key+" (arguments are given by name)"); err != nil {
			return c, err
		}
		v, err := p.value(0)
		if err != nil {
			return c, err
		}
		c.Args = append(c.Args, starArg{Name: key, Value: v, Line: aline, Col: acol})
		p.skipSpace()
		switch p.peek() {
		case ',':
			p.advance(1)
		case ')':
		default:
			return c, p.errf("expected , or ) after the value of %s, found %s", key, p.found())
		}
	}
}

// maxStarDepth bounds list nesting: .rules values are at most lists of lists.
const maxStarDepth = 8

func (p *starParser) value(depth int) (starValue, error) {
	p.skipSpace()
	line, col := p.line, p.col
	switch c := p.peek(); {
	case c == '"' || c == '\'':
		s, err := p.str()
		return starValue{Str: s, Line: line, Col: col}, err
	case c == '[':
		if depth >= maxStarDepth {
			return starValue{}, p.errf("lists nested too deep")
		}
		p.advance(1)
		v := starValue{IsList: true, List: []starValue{}, Line: line, Col: col}
		for {
			p.skipSpace()
			if p.peek() == ']' {
				p.advance(1)
				return v, nil
			}
			e, err := p.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.List = append(v.List, e)
			p.skipSpace()
			switch p.peek() {
			case ',':
				p.advance(1)
			case ']':
			default:
				return v, p.errf("expected , or ] in the list, found %s", p.found())
			}
		}
	}
	return starValue{}, p.errf("expected a string or a list, found %s", p.found())
}

// str reads a quoted string with Starlark's common escapes. Triple-quoted and raw strings are
// not part of what Codex's files use, and are refused rather than misread.
func (p *starParser) str() (string, error) {
	q := p.src[p.pos]
	if strings.HasPrefix(p.src[p.pos:], strings.Repeat(string(q), 3)) {
		return "", p.errf("triple-quoted strings are not supported; write the string on one line")
	}
	line, col := p.line, p.col
	p.advance(1)
	var b strings.Builder
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
			return "", starError(p.source, line, col, "unterminated string: expected the closing %c on this line", q)
		}
		c := p.src[p.pos]
		if c == q {
			p.advance(1)
			return b.String(), nil
		}
		if c != '\\' {
			r, n := utf8.DecodeRuneInString(p.src[p.pos:])
			b.WriteRune(r)
			p.advance(n)
			continue
		}
		if p.pos+1 >= len(p.src) {
			return "", starError(p.source, line, col, "unterminated string: expected the closing %c on this line", q)
		}
		e := p.src[p.pos+1]
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '\\', '"', '\'':
			b.WriteByte(e)
		case 'x':
			if p.pos+4 > len(p.src) {
				return "", p.errf(`expected two hex digits after \x`)
			}
			n, err := strconv.ParseUint(p.src[p.pos+2:p.pos+4], 16, 8)
			if err != nil || n > 0x7f {
				return "", p.errf(`expected two hex digits (00 to 7f) after \x`)
			}
			b.WriteByte(byte(n))
			p.advance(2)
		default:
			return "", p.errf(`unknown escape \%c in a string; expected \n, \t, \r, \\, \", \' or \xHH`, e)
		}
		p.advance(2)
	}
}

func (p *starParser) prefixRule(c codexCall) (codexRule, error) {
	r := codexRule{Decision: "allow", Line: c.Line}
	hasPattern := false
	for _, a := range c.Args {
		switch a.Name {
		case "pattern":
			if !a.Value.IsList || len(a.Value.List) == 0 {
				return r, starError(p.source, a.Line, a.Col, "prefix_rule: pattern must be a non-empty list of words")
			}
			for _, e := range a.Value.List {
				alts, ok := stringList(e)
				if !ok || len(alts) == 0 {
					return r, starError(p.source, e.Line, e.Col, "prefix_rule: each element of pattern must be a word or a non-empty list of alternative words")
				}
				r.Pattern = append(r.Pattern, alts)
			}
			hasPattern = true
		case "decision":
			if a.Value.IsList || codexActions[a.Value.Str] == "" {
				return r, starError(p.source, a.Value.Line, a.Value.Col, "prefix_rule: decision must be \"allow\", \"prompt\" or \"forbidden\"")
			}
			r.Decision = a.Value.Str
		case "justification":
			if a.Value.IsList {
				return r, starError(p.source, a.Value.Line, a.Value.Col, "prefix_rule: justification must be a string")
			}
			r.Justification = a.Value.Str
		case "match", "not_match":
			if !a.Value.IsList {
				return r, starError(p.source, a.Value.Line, a.Value.Col, "prefix_rule: %s must be a list of commands (strings or lists of words)", a.Name)
			}
			for _, e := range a.Value.List {
				var argv []string
				if e.IsList {
					var ok bool
					if argv, ok = stringList(e); !ok {
						return r, starError(p.source, e.Line, e.Col, "prefix_rule: a %s example must be a string or a list of words", a.Name)
					}
				} else {
					var err error
					if argv, err = codexArgv(e.Str); err != nil {
						return r, starError(p.source, e.Line, e.Col, "prefix_rule: %s example: %v", a.Name, err)
					}
				}
				if len(argv) == 0 {
					return r, starError(p.source, e.Line, e.Col, "prefix_rule: a %s example is empty", a.Name)
				}
				if a.Name == "match" {
					r.Match = append(r.Match, argv)
				} else {
					r.NotMatch = append(r.NotMatch, argv)
				}
			}
		default:
			return r, starError(p.source, a.Line, a.Col, "prefix_rule: unknown argument %s; expected pattern, decision, justification, match or not_match", a.Name)
		}
	}
	if !hasPattern {
		return r, starError(p.source, c.Line, c.Col, "prefix_rule: pattern is required")
	}
	return r, nil
}

func (p *starParser) hostExecutable(c codexCall) (codexHost, error) {
	h := codexHost{Line: c.Line}
	for _, a := range c.Args {
		switch a.Name {
		case "name":
			if a.Value.IsList || a.Value.Str == "" || strings.Contains(a.Value.Str, "/") {
				return h, starError(p.source, a.Value.Line, a.Value.Col, "host_executable: name must be a program's base name (no /)")
			}
			h.Name = a.Value.Str
		case "paths":
			paths, ok := stringList(a.Value)
			if !ok {
				return h, starError(p.source, a.Value.Line, a.Value.Col, "host_executable: paths must be a list of absolute paths")
			}
			for i, s := range paths {
				if !strings.HasPrefix(s, "/") {
					e := a.Value.List[i]
					return h, starError(p.source, e.Line, e.Col, "host_executable: %q is not an absolute path", s)
				}
			}
			h.Paths = paths
		default:
			return h, starError(p.source, a.Line, a.Col, "host_executable: unknown argument %s; expected name or paths", a.Name)
		}
	}
	if h.Name == "" || h.Paths == nil {
		return h, starError(p.source, c.Line, c.Col, "host_executable: name and paths are required")
	}
	return h, nil
}

// stringList reads a value as a list of strings; a single string is a list of one.
func stringList(v starValue) ([]string, bool) {
	if !v.IsList {
		return []string{v.Str}, true
	}
	out := make([]string, 0, len(v.List))
	for _, e := range v.List {
		if e.IsList {
			return nil, false
		}
		out = append(out, e.Str)
	}
	return out, true
}
