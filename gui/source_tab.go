package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	// showing is set while refresh copies the model's text into the field.
	showing bool
}

// NewSourceTab makes the tab for m.
func NewSourceTab(m *personaedit.Model) *SourceTab {
	t := &SourceTab{model: m}
	t.Text = NewTextArea()
	t.Text.TextStyle.Monospace = true
	t.Text.Wrapping = fyne.TextWrapOff // lines as the file has them
	t.Text.SetMinRowsVisible(6)
	t.Text.OnChanged = func(text string) {
		if !t.showing {
			m.SetSource(text)
		}
	}
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
	return widget.NewSimpleRenderer(readingBorder(head, nil, nil, nil, t.Text))
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
	for _, p := range m.SourceProblems() {
		lines = append(lines, p.Error())
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
}

// FocusTarget is the text, or nothing on a read-only persona.
func (t *SourceTab) FocusTarget() fyne.Focusable {
	if t.Text.Disabled() {
		return nil
	}
	return t.Text
}
