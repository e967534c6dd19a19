// Package dupcheck counts the places where the repository says the same thing twice: pairs of
// files (or two places of one file) that share a run of at least six lines once comments,
// blank lines, lone punctuation and import lines are passed over and white space is folded.
// A test holds the count under a ceiling kept in scripts/dup-ceiling.txt, which may only go
// down, and names the pairs that were not there when the ceiling was last set, so that the
// developer who wrote a copy sees where it is.
package dupcheck

import (
	"path"
	"strings"
)

// Line is one line of a source that counts: its text, normalized, and its 1-based number in
// the file, so that a pair can be reported where an editor shows it.
type Line struct {
	N    int
	Text string
}

// lang is the comment and string syntax of a source, which decides what a comment is.
type lang int

const (
	langGo lang = iota
	langJS
	langMake
)

// langOf says which syntax a file is written in, and false for a file that does not count.
func langOf(name string) (lang, bool) {
	base := path.Base(name)
	switch {
	case base == "Makefile" || strings.HasSuffix(base, ".mk"):
		return langMake, true
	case strings.HasSuffix(base, ".go"):
		return langGo, true
	case strings.HasSuffix(base, ".ts"), strings.HasSuffix(base, ".js"), strings.HasSuffix(base, ".mjs"):
		return langJS, true
	}
	return 0, false
}

// Normalize returns the lines of the file name (its text src) that count: comments, blank
// lines, lines of lone punctuation and import lines are dropped, and runs of white space are
// folded to one space, so that a copy re-indented or re-commented is still a copy.
func Normalize(name string, src []byte) []Line {
	l, ok := langOf(name)
	if !ok {
		return nil
	}
	var out []Line
	s := scanner{lang: l}
	inImports := false
	for i, raw := range strings.Split(string(src), "\n") {
		text := fold(s.code(raw))
		if l == langGo {
			// An import block's lines are paths, alike in every file that needs the same
			// packages: they say nothing about the code.
			switch {
			case inImports:
				if text == ")" {
					inImports = false
				}
				continue
			case text == "import (":
				inImports = true
				continue
			}
		}
		if text == "" || lonePunctuation(text) || isImport(l, text) {
			continue
		}
		out = append(out, Line{N: i + 1, Text: text})
	}
	return out
}

// isImport reports a one-line import: Go's import "x", an ECMAScript import or re-export
// from a module, or a require.
func isImport(l lang, text string) bool {
	switch l {
	case langGo:
		return strings.HasPrefix(text, "import ")
	case langJS:
		return strings.HasPrefix(text, "import ") || strings.HasPrefix(text, "} from ") ||
			(strings.HasPrefix(text, "const ") && strings.Contains(text, "= require("))
	}
	return false
}

// lonePunctuation reports a line of brackets, braces and separators only, such as "})," which
// ends a block in every file alike.
func lonePunctuation(text string) bool {
	for _, r := range text {
		if !strings.ContainsRune("{}()[];, ", r) {
			return false
		}
	}
	return true
}

// fold trims a line and folds each run of spaces and tabs inside it to one space.
func fold(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// scanner strips comments line by line, carrying across lines what a line leaves open: a
// block comment, or a raw string (Go) or template (ECMAScript) that spans lines.
type scanner struct {
	lang    lang
	comment bool // inside /* ... */
	raw     bool // inside a `...` literal
}

// code returns the line without its comments. Quotes are followed, so that "//" inside a
// string (a URL, say) is kept as code.
func (s *scanner) code(line string) string {
	if s.lang == langMake {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			return ""
		}
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case s.comment:
			if c == '*' && i+1 < len(line) && line[i+1] == '/' {
				s.comment = false
				i++
			}
			continue
		case s.raw:
			b.WriteByte(c)
			if c == '`' {
				s.raw = false
			}
			continue
		case c == '/' && i+1 < len(line) && line[i+1] == '/':
			return b.String()
		case c == '/' && i+1 < len(line) && line[i+1] == '*':
			s.comment = true
			i++
			continue
		case c == '`':
			s.raw = true
		case c == '"' || c == '\'':
			i = quoted(&b, line, i)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// quoted copies the string or rune literal that starts at line[start] into b, escapes and
// all, and returns the index of its closing quote (or of the line's last byte, for one left
// open: the line then ends the literal, as both languages would have it).
func quoted(b *strings.Builder, line string, start int) int {
	q := line[start]
	b.WriteByte(q)
	for i := start + 1; i < len(line); i++ {
		b.WriteByte(line[i])
		switch line[i] {
		case '\\':
			if i+1 < len(line) {
				i++
				b.WriteByte(line[i])
			}
		case q:
			return i
		}
	}
	return len(line) - 1
}
