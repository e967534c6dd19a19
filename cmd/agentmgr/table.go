package main

import (
	"io"
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// table aligns tab-separated cells the way text/tabwriter does with padding 2 (every cell but
// a line's last is padded to its column's width), but measures cells in terminal columns
// rather than runes: an emoji icon (🚀) or a CJK character takes two, a combining mark none.
// With tabwriter a persona with an emoji icon pushes its row one column to the right.
type table struct {
	w   io.Writer
	buf strings.Builder
}

func newTable(w io.Writer) *table { return &table{w: w} }

// Write buffers text until Flush; lines end in \n, cells in \t.
func (t *table) Write(p []byte) (int, error) { return t.buf.Write(p) }

// Flush writes the buffered lines with their columns aligned.
func (t *table) Flush() error {
	text := t.buf.String()
	t.buf.Reset()
	if text == "" {
		return nil
	}
	// A final line without its newline is written without one too.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	rows := make([][]string, len(lines))
	var widths []int
	for i, line := range lines {
		rows[i] = strings.Split(line, "\t")
		for k, cell := range rows[i][:len(rows[i])-1] {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], displayWidth(cell))
		}
	}
	var out strings.Builder
	for i, cells := range rows {
		for k, cell := range cells[:len(cells)-1] {
			out.WriteString(cell)
			out.WriteString(strings.Repeat(" ", widths[k]-displayWidth(cell)+2))
		}
		out.WriteString(cells[len(cells)-1])
		if i < len(rows)-1 || strings.HasSuffix(text, "\n") {
			out.WriteByte('\n')
		}
	}
	_, err := io.WriteString(t.w, out.String())
	return err
}

// displayWidth is how many terminal columns s takes: wide and fullwidth characters two,
// combining marks and joiners none. An emoji variation selector (U+FE0F) widens the narrow
// character before it, as terminals draw "❤️" two columns wide.
func displayWidth(s string) int {
	n, prev := 0, 0
	joined := false // the rune follows a zero-width joiner: it is drawn into the same glyph
	for _, r := range s {
		w := 1
		switch {
		case r == '\u200d':
			w, joined = 0, true
			prev = 0
			continue
		case joined:
			w, joined = 0, false
		case r == '\ufe0f':
			w = 0
			if prev == 1 {
				w = 1
			}
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
			w = 0
		default:
			if k := width.LookupRune(r).Kind(); k == width.EastAsianWide || k == width.EastAsianFullwidth {
				w = 2
			}
		}
		n += w
		prev = w
	}
	return n
}
