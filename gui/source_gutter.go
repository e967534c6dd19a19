package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// lineGutter numbers the lines of a text area beside it, as code editors do, and marks the
// lines the reader found a problem on: "> 12" in the error colour. The numbers are drawn by
// the same rich text and font as the area's lines, so that each number sits on its line.
type lineGutter struct {
	widget.BaseWidget
	text  *widget.RichText
	lines int
	marks map[int]bool // 1-based lines with a problem
	// width is the widest number shown, so that the gutter does not jump as lines are typed
	// until a number needs another digit.
	width int
}

func newLineGutter() *lineGutter {
	g := &lineGutter{text: widget.NewRichText()}
	g.ExtendBaseWidget(g)
	return g
}

// show numbers lines lines and marks the lines in marks; nothing is redrawn when neither
// changed (most keystrokes).
func (g *lineGutter) show(lines int, marks map[int]bool) {
	lines = max(lines, 1)
	if lines == g.lines && sameMarks(marks, g.marks) {
		return
	}
	g.lines, g.marks = lines, marks
	g.width = len(fmt.Sprint(lines))
	segs := make([]widget.RichTextSegment, lines)
	for i := range lines {
		n := i + 1
		// Inline segments, one line each: lines of paragraphs would be spaced apart further
		// than the text area's lines.
		seg := &widget.TextSegment{Text: fmt.Sprintf("  %*d", g.width, n), Style: widget.RichTextStyle{Inline: true, TextStyle: fyne.TextStyle{Monospace: true}, ColorName: theme.ColorNameDisabled}}
		if marks[n] {
			seg.Text = fmt.Sprintf("> %*d", g.width, n)
			seg.Style.ColorName = theme.ColorNameError
		}
		if n < lines {
			seg.Text += "\n"
		}
		segs[i] = seg
	}
	g.text.Segments = segs
	g.text.Refresh()
}

// Marked reports whether line (1-based) is marked as having a problem.
func (g *lineGutter) Marked(line int) bool { return g.marks[line] }

// Lines is the number of lines numbered.
func (g *lineGutter) Lines() int { return g.lines }

func sameMarks(a, b map[int]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// CreateRenderer shows the numbers; the rich text's padding puts them level with the text
// area's lines.
func (g *lineGutter) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(g.text)
}

// lineCount is the number of lines of text as an editor numbers them: a last line without a
// newline counts, and so does the empty line after a final newline (the cursor can be there).
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }
