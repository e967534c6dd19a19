package keybindings

import (
	"fmt"
	"unicode/utf8"
)

// Position is a place in keybindings.json. Line and Column count from 1;
// Column counts characters (not bytes) so that it matches what an editor
// shows. The zero Position means "not in the file" (a default binding).
type Position struct {
	Offset int // byte offset from the start of the file
	Line   int
	Column int
}

// IsValid reports whether p points into a file.
func (p Position) IsValid() bool { return p.Line > 0 }

// String returns "line:column", or "" for the zero Position.
func (p Position) String() string {
	if !p.IsValid() {
		return ""
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// positionAt converts a byte offset in src to a Position. Offsets past the
// end are clamped to the end, which is where "unexpected end of file"
// errors belong.
func positionAt(src []byte, offset int) Position {
	if offset < 0 {
		offset = 0
	}
	if offset > len(src) {
		offset = len(src)
	}
	line, lineStart := 1, 0
	for i := 0; i < offset; i++ {
		if src[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return Position{Offset: offset, Line: line, Column: utf8.RuneCount(src[lineStart:offset]) + 1}
}
