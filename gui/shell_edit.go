package gui

import (
	"github.com/agentmgr/agentmgr/personas"
)

// saveEditor saves the open persona (the Save button and menu item).
func (s *Shell) saveEditor() { s.save(func() {}) }

// revertEditor drops the open persona's unsaved edits.
func (s *Shell) revertEditor() {
	if s.editor != nil {
		s.editor.Revert()
	}
}

// save writes the open persona and then runs then. A refused save (validation, or the file
// changed on disk) shows why and does not run then.
func (s *Shell) save(then func()) {
	m := s.editor
	if m == nil || !m.Dirty() {
		then()
		return
	}
	if errs := m.Errors(); len(errs) > 0 {
		s.showError(errs[0])
		return
	}
	if err := m.Save(); err != nil {
		s.showError(err)
		return
	}
	s.afterSave(m)
	then()
}

// afterSave reloads the catalog so that the list shows the saved persona, and keeps the saved
// persona selected (its name may have changed).
func (s *Shell) afterSave(m *EditorModel) {
	s.catalog = personas.Load(s.dirs)
	s.selected = m.Draft().Name
	s.openSelected()
	s.updateTitle()
	s.changed()
}

// reloadEditorFromDisk drops the open persona's edits and opens it as it is on disk now.
func (s *Shell) reloadEditorFromDisk() {
	s.catalog = personas.Load(s.dirs)
	s.openSelected()
	s.changed()
}

// newPersona asks for a name and a starting point and creates the persona.
func (s *Shell) newPersona() {
	s.leaveEditor(func() { s.showNewDialog(nil) })
}

// customize makes an editable global copy of a built-in or legacy persona.
func (s *Shell) customize(p *personas.Persona) {
	s.leaveEditor(func() { s.showNewDialog(p) })
}

// RevealRule opens persona name on its Rules tab with row selected (asking first, as any
// selection does, when the open persona has unsaved edits).
func (s *Shell) RevealRule(name string, row int) {
	s.ShowScreen(PersonasTitle)
	s.SelectPersona(name)
	if s.editor == nil || s.selected != name {
		return
	}
	s.editor.SelectRule(row)
	if v := s.screen.View(); v != nil {
		v.ShowTab(TabRules)
	}
}
