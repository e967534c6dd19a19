package gui

import (
	"fmt"
	"net/url"
	"path/filepath"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// personaFiles are the commands that make, rename, delete and restore persona files: New,
// Customize, Duplicate, Rename and Delete with their dialogs, the trash of a broken file and
// its Undo, and opening a file in the desktop's editor. Each leaves the open persona first
// (asking about unsaved edits) and selects the result once the catalog is read again.
type personaFiles struct {
	ws  *workspace.Workspace
	win fyne.Window
	// dirs are the shell's: creating the first project persona gives them a project.
	dirs   *locations.Dirs
	ask    asker
	edit   *editorCommands
	load   *loader
	notice *noticeBar
	// openURL hands a URL to the desktop (App.OpenURL); tests replace it to see what was
	// opened.
	openURL func(*url.URL) error
}

// newPersona asks for a name and a starting point and creates the persona.
func (pf *personaFiles) newPersona() {
	pf.edit.leaveEditor(func() { pf.showNewDialog(nil, false) })
}

// customize makes an editable global copy of a built-in or legacy persona, under the same
// name so that it takes the original's place.
func (pf *personaFiles) customize(p *personas.Persona) {
	pf.edit.leaveEditor(func() { pf.showNewDialog(p, true) })
}

// duplicate copies the open persona under a new name.
func (pf *personaFiles) duplicate() {
	if p := pf.ws.DuplicateSource(); p != nil {
		pf.edit.leaveEditor(func() { pf.showNewDialog(p, false) })
	}
}

// create writes the new persona file prepare makes, and selects it.
func (pf *personaFiles) create(prepare func() (*personas.Document, error)) error {
	doc, err := prepare()
	if err != nil {
		return err
	}
	if _, err := doc.Save(); err != nil {
		return err
	}
	name := doc.Persona().Name
	pf.load.reloadThen(func() { pf.load.selectNow(name) })
	return nil
}

// rename asks for a new name and renames the open persona's file and name together.
func (pf *personaFiles) rename() {
	if old, ok := pf.ws.RenameTarget(); ok {
		pf.edit.leaveEditor(func() { pf.showRenameDialog(old) })
	}
}

// applyRename renames old to name, following the active state, and selects the result.
func (pf *personaFiles) applyRename(old, name string) error {
	if err := pf.ws.Rename(old, name); err != nil {
		return err
	}
	pf.load.reloadThen(func() { pf.load.selectNow(name) })
	return nil
}

// deletePersona moves the open persona's file to the trash, and offers to undo.
func (pf *personaFiles) deletePersona() {
	plan, ok, err := pf.ws.PlanDelete()
	switch {
	case !ok:
		return
	case err != nil:
		pf.ask.showError(err)
		return
	}
	pf.askTrash(plan, func() {
		pf.load.selectNow(pf.ws.Active())
		pf.notice.show("Deleted "+plan.Restore+" (moved to the trash).", "Undo", func() { pf.restore(plan.Restore) })
	}, pf.ask.chooseDestructive)
}

// trashBroken moves a file that failed to load to the trash, as Delete does for a persona,
// and offers to undo.
func (pf *personaFiles) trashBroken(path string) {
	plan, err := pf.ws.PlanTrashBroken(path)
	if err != nil {
		pf.ask.showError(err)
		return
	}
	pf.askTrash(plan, func() {
		pf.load.selectNow(pf.ws.Active())
		pf.notice.show("Moved "+filepath.Base(path)+" to the trash.", "Undo", func() { pf.restoreFile(plan.Restore, path) })
	}, pf.ask.choose)
}

// askTrash asks plan's question with ask and, when the person goes ahead, moves the file to
// the trash and runs done once the catalog is read again.
func (pf *personaFiles) askTrash(plan workspace.TrashPlan, done func(), ask func(title, message string, choices []string, done func(string))) {
	q := plan.Question
	ask(q.Title, q.Message, []string{q.Confirm, choiceCancel}, func(c string) {
		if c != q.Confirm {
			return
		}
		if err := plan.Change.Apply(); err != nil {
			pf.ask.showError(err)
			return
		}
		pf.load.reloadThen(done)
	})
}

// restoreFile puts a trashed broken file back and selects it again.
func (pf *personaFiles) restoreFile(name, path string) {
	if pf.untrash(name) {
		pf.load.reloadThen(func() { pf.load.selectNow(path) })
	}
}

// untrash puts the most recently trashed file of name back; it reports whether it did, and
// shows why not.
func (pf *personaFiles) untrash(name string) bool {
	ch, err := personas.PlanRestore(*pf.dirs, name)
	if err == nil {
		err = ch.Apply()
	}
	if err != nil {
		pf.ask.showError(err)
		return false
	}
	return true
}

// openInEditor hands the file to the desktop's handler for it (a file:// URL, as a file
// manager would open it): nothing of the file or of any config is run by agentmgr itself.
func (pf *personaFiles) openInEditor(path string) {
	if err := pf.openURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}); err != nil {
		pf.ask.showError(fmt.Errorf("cannot open %s: %w", path, err))
	}
}

// restore puts the most recently deleted persona name back and selects it.
func (pf *personaFiles) restore(name string) {
	if pf.untrash(name) {
		pf.edit.leaveEditor(func() { pf.load.reloadThen(func() { pf.load.selectNow(name) }) })
	}
}
