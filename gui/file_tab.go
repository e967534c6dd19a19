package gui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// FileTab shows the persona's file and the unified diff of what Save will write.
type FileTab struct {
	widget.BaseWidget
	model *personaedit.Model
	path  *widget.Label
	diff  *widget.TextGrid
	note  *widget.Label
	// shown tells whether the tab is in front (set by the editor that holds it; a tab on its
	// own is shown when visible). Behind another tab it only notes that it fell behind:
	// rendering the whole file and its diff into the grid is the dearest part of a keystroke
	// with a long prompt.
	shown func() bool
	lag   tabLag
}

// NewFileTab makes the tab for m.
func NewFileTab(m *personaedit.Model) *FileTab {
	t := &FileTab{model: m}
	t.path = widget.NewLabel("")
	t.path.TextStyle.Monospace = true
	t.path.Wrapping = fyne.TextWrapBreak
	t.diff = widget.NewTextGrid()
	t.diff.ShowLineNumbers = false
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.shown = t.Visible
	t.ExtendBaseWidget(t)
	m.OnChange(t.changed)
	t.refresh()
	return t
}

// changed follows an edit while the tab is in front, else notes it fell behind.
func (t *FileTab) changed() { t.lag.follow(t.shown(), t.refresh) }

// catchUp brings the tab up to date with the edits made while it was behind another.
func (t *FileTab) catchUp() { t.lag.catchUp(t.refresh) }

// setShown is how the editor that holds the tab tells whether it is in front.
func (t *FileTab) setShown(shown func() bool) { t.shown = shown }

// CreateRenderer shows the path over the diff.
func (t *FileTab) CreateRenderer() fyne.WidgetRenderer {
	top := container.NewVBox(widget.NewLabelWithStyle("File", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), t.path, t.note)
	return widget.NewSimpleRenderer(readingBorder(top, nil, nil, nil, container.NewScroll(t.diff)))
}

// Diff is the diff as shown.
func (t *FileTab) Diff() string {
	t.catchUp()
	return t.diff.Text()
}

// refresh shows the current diff.
func (t *FileTab) refresh() {
	m := t.model
	p := m.Path()
	if p == "" {
		p = "(built into agentmgr)"
	}
	t.path.SetText(p)
	diff, err := m.Diff()
	switch {
	case err != nil:
		t.note.SetText("Save cannot write this draft yet: " + err.Error())
	case m.Overwrites():
		t.note.SetText("The file on disk no longer reads as a persona. Save replaces it with your version " +
			"(below, the difference from the disk's text) and keeps the disk's text in " + filepath.Base(m.BackupPath()) + ".")
	case diff == "":
		t.note.SetText("Nothing to save: the file on disk is what you see.")
	default:
		t.note.SetText("Save will make these changes to the file:")
	}
	if t.diff.Text() != diff {
		t.diff.SetText(diff)
		colorDiff(t.diff)
	}
}
