package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// TabSource is the title of the editor tab that edits the persona's file as text.
const TabSource = "Source"

// SourceTab edits the persona's file as text, for every persona with a Markdown file: the
// text is what Save would write, the other tabs follow what is typed, and the reader's
// problems (file:line:column) show under the text as it is typed. Save (the editor's) writes
// the text exactly as typed, atomically, with a backup, and never over a file that changed on
// disk since it was read.
type SourceTab struct {
	widget.BaseWidget
	model *personaedit.Model
	Text  *TextArea
	Notes *widget.Label // the reader's problems, or what Save will do
	// gutter numbers the lines and marks those with a problem; it scrolls with the text, which
	// is why the text does not scroll itself: both sit in one scroll (view).
	gutter *lineGutter
	view   *container.Scroll
	across *container.Scroll // the text's long lines, scrolled sideways apart from the numbers
	// shownSize is the size the text needed when the scroll last laid it out; notesHeight
	// the height of the notes when the tab was last laid out.
	shownSize   fyne.Size
	notesHeight float32
	// showing is set while refresh copies the model's text into the field.
	showing bool
}

// NewSourceTab makes the tab for m.
func NewSourceTab(m *personaedit.Model) *SourceTab {
	t := &SourceTab{model: m}
	t.Text = NewTextArea()
	t.Text.TextStyle.Monospace = true
	t.Text.Wrapping = fyne.TextWrapOff // lines as the file has them
	t.Text.Scroll = fyne.ScrollNone
	t.Text.OnChanged = func(text string) {
		if !t.showing {
			m.SetSource(text)
		}
	}
	t.Text.OnCursorChanged = t.revealCursor
	t.gutter = newLineGutter()
	t.across = container.NewHScroll(t.Text)
	t.view = container.NewVScroll(readingBorder(nil, nil, t.gutter, nil, t.across))
	t.view.SetMinSize(fyne.NewSize(0, 6*sourceRowHeight()))
	t.Notes = widget.NewLabel("")
	t.Notes.Wrapping = fyne.TextWrapWord
	if m.ReadOnly() {
		t.Text.Disable()
	}
	t.ExtendBaseWidget(t)
	m.OnChange(t.refresh)
	t.refresh()
	return t
}

// CreateRenderer puts the problems over the text, where they stay in view while it scrolls.
func (t *SourceTab) CreateRenderer() fyne.WidgetRenderer {
	head := container.NewVBox(widget.NewLabelWithStyle("The file as Save will write it (edit it here)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), t.Notes)
	return widget.NewSimpleRenderer(readingBorder(head, nil, nil, nil, t.view))
}

// refresh shows the text Save would write and what the reader says of it. The field is set
// only when it differs, so that typing never moves the cursor.
func (t *SourceTab) refresh() {
	m := t.model
	if m.Broken() {
		return
	}
	if m.ReadOnly() {
		t.Notes.Importance = widget.MediumImportance
		t.Notes.SetText("This persona is read-only (built in, or from the legacy JSON list): Customize… makes a file of it.")
		return
	}
	if src := m.Source(); t.Text.Text != src {
		t.showing = true
		t.Text.SetText(src)
		t.showing = false
	}
	var lines []string
	marks := map[int]bool{}
	for _, p := range m.SourceProblems() {
		lines = append(lines, p.Error())
		if p.Line > 0 {
			marks[p.Line] = true
		}
	}
	t.gutter.show(lineCount(t.Text.Text), marks)
	// The text does not scroll itself: when it needs more room (a line typed, a longer line)
	// the scroll lays it out again, or the new lines would be cut off out of reach.
	if size := t.Text.MinSize(); size != t.shownSize {
		t.shownSize = size
		t.view.Refresh()
	}
	switch {
	case len(lines) > 0:
		t.Notes.Importance = widget.DangerImportance
		lines = append(lines, "Save is off until the text reads as a persona; the other tabs show the last text that did.")
	case m.Dirty():
		t.Notes.Importance = widget.MediumImportance
		lines = []string{"The text reads as a persona: Save writes it as it is here."}
	default:
		t.Notes.Importance = widget.MediumImportance
		lines = []string{"The file as it is on disk."}
	}
	t.Notes.SetText(strings.Join(lines, "\n"))
	// The notes grew or shrank by a line: lay the tab out again, or the text would be drawn
	// over the notes' last line (or leave a gap under them).
	if h := t.Notes.MinSize().Height; h != t.notesHeight {
		t.notesHeight = h
		t.Refresh()
	}
}

// sourceRowHeight is the height of a line of the text: the monospace font's line (a text
// area's lines follow each other without spacing).
func sourceRowHeight() float32 {
	return fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height
}

// revealCursor scrolls the text as little as needed for the cursor's line to be in view, as
// the text area does by itself when it scrolls alone.
func (t *SourceTab) revealCursor() {
	view := t.view.Size()
	if view.Height <= 0 {
		return
	}
	pad := theme.InnerPadding() + theme.InputBorderSize()
	row := sourceRowHeight()
	top := pad + float32(t.Text.CursorRow)*row
	off := t.view.Offset.Y
	switch {
	case top < off:
		off = top - pad
	case top+row+pad > off+view.Height:
		off = top + row + pad - view.Height
	}
	// Lay the text out at its size now, as the scroll would on its next layout: the offset is
	// clamped to the content's size, which lags behind the lines just typed.
	t.view.Content.Resize(t.view.Content.MinSize().Max(view))
	off = max(0, min(off, t.view.Content.MinSize().Height-view.Height))
	if off != t.view.Offset.Y {
		t.view.ScrollToOffset(fyne.NewPos(0, off))
	}
	lines := strings.Split(t.Text.Text, "\n")
	if t.Text.CursorRow >= len(lines) {
		return
	}
	line := []rune(lines[t.Text.CursorRow])
	x := theme.InnerPadding() + fyne.MeasureText(string(line[:min(t.Text.CursorColumn, len(line))]), theme.TextSize(), fyne.TextStyle{Monospace: true}).Width
	width, offX := t.across.Size().Width, t.across.Offset.X
	switch {
	case x < offX+pad:
		offX = x - pad
	case x+pad > offX+width:
		offX = x + pad - width
	}
	if offX != t.across.Offset.X {
		t.across.ScrollToOffset(fyne.NewPos(max(0, offX), 0))
	}
}

// FocusTarget is the text, or nothing on a read-only persona.
func (t *SourceTab) FocusTarget() fyne.Focusable {
	if t.Text.Disabled() {
		return nil
	}
	return t.Text
}
