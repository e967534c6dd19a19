package gui

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/personas"
)

// saveEditor saves the open persona (the Save button and menu item).
func (s *Shell) saveEditor() { s.save(func() {}) }

// revertEditor drops the open persona's unsaved edits.
func (s *Shell) revertEditor() {
	if s.ws.Draft() != nil {
		s.ws.Draft().Revert()
	}
}

// save writes the open persona and then runs then. A refused save shows why and does not run
// then; after "keep mine" it asks a second time before writing over the change on disk.
func (s *Shell) save(then func()) {
	m := s.ws.Draft()
	if m == nil || !m.Dirty() {
		then()
		return
	}
	if q := s.ws.AgentmgrOnlyQuestion(); q != nil {
		// Cancel is the focused default: making the file agentmgr-only is a choice made by
		// pressing it, never by a Space meant for something else.
		s.ask.chooseDestructive(q.Title, q.Message, []string{q.Confirm, choiceCancel}, func(c string) {
			if c == q.Confirm {
				s.trySave(m, false, then)
			}
		})
		return
	}
	s.trySave(m, false, then)
}

func (s *Shell) trySave(m *personaedit.Model, confirmed bool, then func()) {
	err := m.Save(confirmed)
	switch {
	case errors.Is(err, personaedit.ErrNeedsConfirmation):
		title, msg := m.SaveQuestion()
		s.ask.choose(title, msg, []string{"Save mine", choiceCancel}, func(c string) {
			if c == "Save mine" {
				s.trySave(m, true, then)
			}
		})
	case err != nil:
		s.ask.showError(err)
	default:
		s.ws.Saved(m.Path())
		if v := s.screen.View(); v != nil && v.model == m {
			v.refresh() // the model told the view before the path was noted
		}
		s.Reload()
		then()
	}
}

// reloadEditorFromDisk drops the open persona's edits and opens the file as it is now.
func (s *Shell) reloadEditorFromDisk() {
	if m := s.ws.Draft(); m != nil {
		m.Revert()
	}
	s.ws.Open(nil) // the reload opens the selection afresh
	s.Reload()
}

// RevealRule opens persona name on its Rules tab with row selected (asking first, as any
// selection does, when the open persona has unsaved edits).
func (s *Shell) RevealRule(name string, row int) {
	s.ShowScreen(PersonasTitle)
	s.SelectPersona(name)
	if s.ws.Draft() == nil || s.ws.Selected() != name {
		return
	}
	s.ws.Draft().SelectRule(row)
	if v := s.screen.View(); v != nil {
		v.ShowTab(TabRules)
	}
}

// newPersona asks for a name and a starting point and creates the persona.
func (s *Shell) newPersona() {
	s.leaveEditor(func() { s.showNewDialog(nil, false) })
}

// customize makes an editable global copy of a built-in or legacy persona, under the same
// name so that it takes the original's place.
func (s *Shell) customize(p *personas.Persona) {
	s.leaveEditor(func() { s.showNewDialog(p, true) })
}

// duplicate copies the open persona under a new name.
func (s *Shell) duplicate() {
	if p := s.ws.DuplicateSource(); p != nil {
		s.leaveEditor(func() { s.showNewDialog(p, false) })
	}
}

// create writes the new persona file prepare makes, and selects it.
func (s *Shell) create(prepare func() (*personas.Document, error)) error {
	doc, err := prepare()
	if err != nil {
		return err
	}
	if _, err := doc.Save(); err != nil {
		return err
	}
	name := doc.Persona().Name
	s.load.reloadThen(func() { s.load.selectNow(name) })
	return nil
}

// rename asks for a new name and renames the open persona's file and name together.
func (s *Shell) rename() {
	if old, ok := s.ws.RenameTarget(); ok {
		s.leaveEditor(func() { s.showRenameDialog(old) })
	}
}

// applyRename renames old to name, following the active state, and selects the result.
func (s *Shell) applyRename(old, name string) error {
	if err := s.ws.Rename(old, name); err != nil {
		return err
	}
	s.load.reloadThen(func() { s.load.selectNow(name) })
	return nil
}

// deletePersona moves the open persona's file to the trash, and offers to undo.
func (s *Shell) deletePersona() {
	plan, ok, err := s.ws.PlanDelete()
	switch {
	case !ok:
		return
	case err != nil:
		s.ask.showError(err)
		return
	}
	s.askTrash(plan, func() {
		s.load.selectNow(s.ws.Active())
		s.notify("Deleted "+plan.Restore+" (moved to the trash).", "Undo", func() { s.restore(plan.Restore) })
	}, s.ask.chooseDestructive)
}

// trashBroken moves a file that failed to load to the trash, as Delete does for a persona,
// and offers to undo.
func (s *Shell) trashBroken(path string) {
	plan, err := s.ws.PlanTrashBroken(path)
	if err != nil {
		s.ask.showError(err)
		return
	}
	s.askTrash(plan, func() {
		s.load.selectNow(s.ws.Active())
		s.notify("Moved "+filepath.Base(path)+" to the trash.", "Undo", func() { s.restoreFile(plan.Restore, path) })
	}, s.ask.choose)
}

// askTrash asks plan's question with ask and, when the person goes ahead, moves the file to
// the trash and runs done once the catalog is read again.
func (s *Shell) askTrash(plan workspace.TrashPlan, done func(), ask func(title, message string, choices []string, done func(string))) {
	q := plan.Question
	ask(q.Title, q.Message, []string{q.Confirm, choiceCancel}, func(c string) {
		if c != q.Confirm {
			return
		}
		if err := plan.Change.Apply(); err != nil {
			s.ask.showError(err)
			return
		}
		s.load.reloadThen(done)
	})
}

// restoreFile puts a trashed broken file back and selects it again.
func (s *Shell) restoreFile(name, path string) {
	ch, err := personas.PlanRestore(s.dirs, name)
	if err == nil {
		err = ch.Apply()
	}
	if err != nil {
		s.ask.showError(err)
		return
	}
	s.load.reloadThen(func() { s.load.selectNow(path) })
}

// openInEditor hands the file to the desktop's handler for it (a file:// URL, as a file
// manager would open it): nothing of the file or of any config is run by agentmgr itself.
func (s *Shell) openInEditor(path string) {
	if err := s.openURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}); err != nil {
		s.ask.showError(fmt.Errorf("cannot open %s: %w", path, err))
	}
}

// restore puts the most recently deleted persona name back and selects it.
func (s *Shell) restore(name string) {
	ch, err := personas.PlanRestore(s.dirs, name)
	if err == nil {
		err = ch.Apply()
	}
	if err != nil {
		s.ask.showError(err)
		return
	}
	s.leaveEditor(func() { s.load.reloadThen(func() { s.load.selectNow(name) }) })
}
