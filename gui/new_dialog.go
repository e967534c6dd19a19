package gui

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/personas"
)

// showNewDialog asks for the new persona's name, scope and starting point; from pre-selects
// a persona to copy (nil: start from a preset).
func (s *Shell) showNewDialog(from *personas.Persona) {
	name := widget.NewEntry()
	name.SetPlaceHolder("lower-case name, e.g. reviewer")
	items := []*widget.FormItem{widget.NewFormItem("Name", name)}
	dialog.ShowForm("New persona", "Create", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		s.showError(errNoWriter)
	}, s.win)
}
