package keybindings

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Position is a place in keybindings.json. Line and Column count from 1;
// Column counts characters (not bytes) so that it matches what an editor
// shows. The zero Position means "not in the file" (a default binding).
type Position struct {
	Offset int `json:"offset"` // byte offset from the start of the file
	Line   int `json:"line"`
	Column int `json:"column"`
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

// lineIndex finds positions fast: it holds the offset of every line start.
type lineIndex struct {
	src    []byte
	starts []int
}

func newLineIndex(src []byte) lineIndex {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{src: src, starts: starts}
}

// at converts a byte offset to a Position. Offsets past the end are
// clamped to the end, which is where "unexpected end of file" errors
// belong.
func (li lineIndex) at(offset int) Position {
	offset = max(0, min(offset, len(li.src)))
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > offset })
	start := li.starts[line-1]
	return Position{Offset: offset, Line: line, Column: utf8.RuneCount(li.src[start:offset]) + 1}
}

// positionAt converts one offset of src; use a lineIndex for many.
func positionAt(src []byte, offset int) Position { return newLineIndex(src).at(offset) }
