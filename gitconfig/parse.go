// Package gitconfig reads a repository's git configuration as git would, to tell which of its
// settings make git run a program (docs/shell.md, "A repository's own configuration").
package gitconfig

import (
	"fmt"
	"strings"
)

// Entry is one setting of a configuration file: the section and the key lower-cased as git
// compares them, the subsection as written (git compares it with case), the value after quote
// and escape removal (a key with no '=' is true), and where it was written.
type Entry struct {
	Section, Subsection, Name string
	Value                     string
	File                      string
	Line                      int
}

// Key is the entry's full key: section.subsection.name, or section.name.
func (e Entry) Key() string {
	if e.Subsection != "" {
		return e.Section + "." + e.Subsection + "." + e.Name
	}
	return e.Section + "." + e.Name
}

// Where is "file:line".
func (e Entry) Where() string { return fmt.Sprintf("%s:%d", e.File, e.Line) }

// SyntaxError is a line git would refuse, with its place.
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Parse reads the configuration text data of file. It is linear in the input and keeps no
// more than the entries. A line git would refuse gives a *SyntaxError, with the entries before it.
func Parse(file string, data []byte) ([]Entry, error) {
	p := parser{file: file, src: string(data), line: 1}
	if strings.HasPrefix(p.src, "\uFEFF") {
		p.pos = len("\uFEFF")
	}
	for {
		p.skipBlank()
		if p.pos >= len(p.src) {
			return p.out, nil
		}
		c := p.src[p.pos]
		var err error
		switch {
		case c == '#' || c == ';':
			p.skipLine()
		case c == '[':
			err = p.header()
		case isKeyStart(c):
			err = p.entry()
		default:
			err = p.errf("expected a [section], a key or a comment, found %q", c)
		}
		if err != nil {
			return p.out, err
		}
	}
}

type parser struct {
	file       string
	src        string
	pos, line  int
	lineStart  int
	section    string
	subsection string
	hasSection bool
	out        []Entry
}

func (p *parser) errf(format string, a ...any) error {
	return &SyntaxError{File: p.file, Line: p.line, Col: p.pos - p.lineStart + 1, Msg: fmt.Sprintf(format, a...)}
}

// skipBlank skips spaces, tabs and line ends.
func (p *parser) skipBlank() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r':
			p.pos++
		case '\n':
			p.newline()
		default:
			return
		}
	}
}

func (p *parser) newline() {
	p.pos++
	p.line++
	p.lineStart = p.pos
}

func (p *parser) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.pos++
	}
}

func isKeyStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isKeyChar(c byte) bool { return isKeyStart(c) || c >= '0' && c <= '9' || c == '-' }

func isSectionChar(c byte) bool { return isKeyChar(c) || c == '.' }

// section reads [name], [name "subsection"] or the old [name.subsection].
func (p *parser) header() error {
	p.pos++ // '['
	start := p.pos
	for p.pos < len(p.src) && isSectionChar(p.src[p.pos]) {
		p.pos++
	}
	name := strings.ToLower(p.src[start:p.pos])
	if name == "" {
		return p.errf("expected a section name after [")
	}
	sub := ""
	if p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
			p.pos++
		}
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return p.errf("expected a quoted subsection after the section name")
		}
		var err error
		if sub, err = p.quotedSubsection(); err != nil {
			return err
		}
	} else if i := strings.IndexByte(name, '.'); i >= 0 {
		// [section.subsection]: the old form, whose subsection git lower-cases.
		name, sub = name[:i], name[i+1:]
	}
	if p.pos >= len(p.src) || p.src[p.pos] != ']' {
		return p.errf("expected ] to close the section header")
	}
	p.pos++
	p.section, p.subsection, p.hasSection = name, sub, true
	// A key may follow on the same line ([core] pager = x), as git allows.
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\r') {
		p.pos++
	}
	if p.pos < len(p.src) && (p.src[p.pos] == '#' || p.src[p.pos] == ';') {
		p.skipLine()
	}
	return nil
}

// quotedSubsection reads a quoted subsection name from its opening quote: \" and \\ escape.
func (p *parser) quotedSubsection() (string, error) {
	p.pos++ // '"'
	var b strings.Builder
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
			return "", p.errf("the subsection's quote is not closed")
		}
		c := p.src[p.pos]
		p.pos++
		if c == '"' {
			return b.String(), nil
		}
		if c == '\\' {
			if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
				return "", p.errf("the subsection ends in a backslash")
			}
			c = p.src[p.pos]
			p.pos++
		}
		b.WriteByte(c)
	}
}

// entry reads name [= value].
func (p *parser) entry() error {
	if !p.hasSection {
		return p.errf("a key before any [section]")
	}
	line := p.line
	start := p.pos
	for p.pos < len(p.src) && isKeyChar(p.src[p.pos]) {
		p.pos++
	}
	name := strings.ToLower(p.src[start:p.pos])
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\r') {
		p.pos++
	}
	e := Entry{Section: p.section, Subsection: p.subsection, Name: name, File: p.file, Line: line}
	switch {
	case p.pos >= len(p.src) || p.src[p.pos] == '\n' || p.src[p.pos] == '#' || p.src[p.pos] == ';':
		e.Value = "true"
		p.skipLine()
	case p.src[p.pos] == '=':
		p.pos++
		v, err := p.value()
		if err != nil {
			return err
		}
		e.Value = v
	default:
		return p.errf("expected = or the end of the line after the key %q", name)
	}
	p.out = append(p.out, e)
	return nil
}

// value reads a value up to the end of its line: quotes group, a backslash escapes (\n, \t,
// \b, \", \\) or continues the value on the next line, # and ; outside quotes start a comment,
// and spaces at the ends of the unquoted parts are dropped.
func (p *parser) value() (string, error) {
	var b strings.Builder
	quoted := false
	pending := 0 // spaces seen outside quotes, written only if more follows
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '\n':
			if quoted {
				return "", p.errf("the value's quote is not closed at the end of the line")
			}
			return b.String(), nil
		case !quoted && (c == '#' || c == ';'):
			p.skipLine()
			return b.String(), nil
		case !quoted && (c == ' ' || c == '\t' || c == '\r'):
			if b.Len() > 0 {
				pending++
			}
			p.pos++
			continue
		case c == '"':
			quoted = !quoted
			p.pos++
		case c == '\\':
			p.pos++
			if p.pos >= len(p.src) {
				return "", p.errf("the value ends in a backslash")
			}
			e := p.src[p.pos]
			switch e {
			case '\n':
				p.newline()
				continue
			case 'n':
				e = '\n'
			case 't':
				e = '\t'
			case 'b':
				e = '\b'
			case '"', '\\':
			case '\r':
				if p.pos+1 < len(p.src) && p.src[p.pos+1] == '\n' {
					p.pos++
					p.newline()
					continue
				}
				return "", p.errf("unknown escape \\r in the value")
			default:
				return "", p.errf("unknown escape \\%c in the value", e)
			}
			p.pos++
			b.WriteString(strings.Repeat(" ", pending))
			pending = 0
			b.WriteByte(e)
			continue
		default:
			p.pos++
		}
		if c != '"' {
			b.WriteString(strings.Repeat(" ", pending))
			pending = 0
			b.WriteByte(c)
		} else if pending > 0 && b.Len() > 0 {
			b.WriteString(strings.Repeat(" ", pending))
			pending = 0
		}
	}
	if quoted {
		return "", p.errf("the value's quote is not closed at the end of the file")
	}
	return b.String(), nil
}
