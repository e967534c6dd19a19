package personas

import (
	"bytes"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/internal/escape"
)

// text indexes a file by line so that positions from the YAML parser (lines, and columns
// that count characters) become byte offsets the writer can splice at.
type text struct {
	data  []byte
	start []int // byte offset of each line; start[0] is line 1
}

func newText(data []byte) *text {
	t := &text{data: data, start: []int{0}}
	for i, c := range data {
		if c == '\n' {
			t.start = append(t.start, i+1)
		}
	}
	return t
}

// lineStart is the offset of line (1-based); past the end it is len(data).
func (t *text) lineStart(line int) int {
	if line < 1 {
		return 0
	}
	if line > len(t.start) {
		return len(t.data)
	}
	return t.start[line-1]
}

// lineNext is the offset just after line's "\n" (the start of the next line).
func (t *text) lineNext(line int) int { return t.lineStart(line + 1) }

// lineEnd is the offset of line's line ending ("\r\n" or "\n"), or len(data).
func (t *text) lineEnd(line int) int {
	e := t.lineNext(line)
	if e > t.lineStart(line) && e <= len(t.data) && e > 0 && t.data[e-1] == '\n' {
		e--
		if e > t.lineStart(line) && t.data[e-1] == '\r' {
			e--
		}
	}
	return e
}

func (t *text) line(line int) []byte { return t.data[t.lineStart(line):t.lineEnd(line)] }

// offset turns a 1-based line and a 1-based column counted in characters into a byte offset.
func (t *text) offset(line, col int) int {
	off, end := t.lineStart(line), t.lineEnd(line)
	for c := 1; c < col && off < end; c++ {
		_, size := utf8.DecodeRune(t.data[off:end])
		off += size
	}
	return off
}

// lineOf is the 1-based line holding offset off.
func (t *text) lineOf(off int) int {
	lo, hi := 0, len(t.start)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if t.start[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// indent counts the spaces that start line.
func (t *text) indent(line int) int {
	l := t.line(line)
	n := 0
	for n < len(l) && l[n] == ' ' {
		n++
	}
	return n
}

// blank reports whether line holds only white space.
func (t *text) blank(line int) bool { return len(bytes.TrimSpace(t.line(line))) == 0 }

// comment reports whether line holds only a comment.
func (t *text) comment(line int) bool {
	l := bytes.TrimLeft(t.line(line), " \t")
	return len(l) > 0 && l[0] == '#'
}

// contentEnd is the last line of the block entry whose key is on keyLine at indent: the lines
// after it that are blank or more indented belong to it (a list may also sit at the key's own
// indent), up to limit (exclusive); trailing blank lines and comments at the key's indent or
// less are not part of it, they lead the next entry.
func (t *text) contentEnd(keyLine, indent, limit int) int {
	last := keyLine
	for l := keyLine + 1; l < limit; l++ {
		if t.blank(l) {
			continue
		}
		in := t.indent(l)
		if in > indent {
			last = l
			continue
		}
		rest := t.line(l)[in:]
		if in == indent && len(rest) > 0 && rest[0] == '-' && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\r') {
			last = l
			continue
		}
		break
	}
	return last
}

// scalarEnd is the offset just after the scalar that starts at off: a quoted scalar up to its
// closing quote, a plain one up to the end of its line, a comment, or (as a key) its colon, and
// in flow context a , ] or }. Plain scalars that continue on the next lines are handled by the
// callers, which take whole lines then.
func scalarEnd(data []byte, off int, flow bool) int {
	if off >= len(data) {
		return off
	}
	switch data[off] {
	case '"':
		return off + escape.QuotedLen(data[off:])
	case '\'':
		for i := off + 1; i < len(data); i++ {
			if data[i] == '\'' {
				if i+1 < len(data) && data[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
		return len(data)
	}
	i := off
	for ; i < len(data); i++ {
		c := data[i]
		if c == '\n' || c == '\r' {
			break
		}
		if c == ':' && (i+1 == len(data) || isSpaceOrEOL(data[i+1]) || flow && isFlowIndicator(data[i+1])) {
			break
		}
		if c == '#' && i > off && (data[i-1] == ' ' || data[i-1] == '\t') {
			break
		}
		if flow && isFlowIndicator(c) {
			break
		}
	}
	for i > off && (data[i-1] == ' ' || data[i-1] == '\t') {
		i--
	}
	return i
}

func isSpaceOrEOL(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isFlowIndicator(c byte) bool { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}' }

// flowEnd is the offset just after the flow collection that opens at off ({ or [), skipping
// quoted text; len(data) if it never closes.
func flowEnd(data []byte, off int) int {
	depth := 0
	for i := off; i < len(data); i++ {
		switch data[i] {
		case '"', '\'':
			i = scalarEnd(data, i, true) - 1
		case '#':
			if i > 0 && (data[i-1] == ' ' || data[i-1] == '\t') {
				for i < len(data) && data[i] != '\n' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(data)
}
