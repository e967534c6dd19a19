package gui

import (
	"errors"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// rawView edits a broken persona file as text: the reader's problems (file:line:column) are
// shown as they follow the typing, and Save writes the file (atomically, with a .bak, refused if
// the file changed on disk meanwhile), after which the list reads it again.
type rawView struct {
	load  *loader // reads the catalog again after a save
	ask   asker
	r     *personaedit.RawFile
	text  *TextArea
	save  *widget.Button
	probs *widget.Label
}

func newRawView(load *loader, ask asker, r *personaedit.RawFile, probs *widget.Label) *rawView {
	v := &rawView{load: load, ask: ask, r: r, probs: probs}
	v.text = NewTextArea()
	v.text.TextStyle.Monospace = true
	v.text.Wrapping = fyne.TextWrapOff
	v.text.SetMinRowsVisible(6)
	v.text.SetText(r.Text())
	v.text.OnChanged = func(t string) {
		r.SetText(t)
		v.refresh()
	}
	v.save = widget.NewButtonWithIcon("Save fixed file", theme.DocumentSaveIcon(), v.write)
	v.save.Importance = widget.HighImportance
	v.refresh()
	return v
}

// refresh shows the problems of the text as edited and whether Save may write.
func (v *rawView) refresh() {
	var lines []string
	for _, p := range v.r.Problems() {
		lines = append(lines, p.Error())
	}
	if len(lines) == 0 {
		lines = []string{"The text reads as a persona now: Save writes it."}
		v.probs.Importance = widget.SuccessImportance
	} else {
		v.probs.Importance = widget.DangerImportance
	}
	v.probs.SetText(strings.Join(lines, "\n"))
	if v.r.Dirty() {
		v.save.Enable()
	} else {
		v.save.Disable()
	}
}

func (v *rawView) write() {
	if err := v.r.Save(); err != nil {
		if errors.Is(err, personaedit.ErrRawChanged) {
			v.load.reload()
		}
		v.ask.showError(err)
		return
	}
	v.refresh()
	v.load.reload()
}

// scopeOf is the scope of a persona file at path: project under the project's agents folder,
// else global.
func scopeOf(d locations.Dirs, path string) personas.Scope {
	if pa := d.ProjectAgents(); d.Project != "" && strings.HasPrefix(path, pa+string(filepath.Separator)) {
		return personas.ScopeProject
	}
	return personas.ScopeGlobal
}
