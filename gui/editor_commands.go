package gui

import (
	"errors"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
)

// editorCommands act on the persona open in the editor: save it (asking what must be asked
// first), revert, undo and redo its edits, leave it, and settle a change made on disk under
// its edits (Keep mine, Reload from disk, Compare). The Save and Revert buttons, the menu and
// every command that moves the editor elsewhere use them.
type editorCommands struct {
	ws   *workspace.Workspace
	win  fyne.Window
	ask  asker
	load *loader
	// saved runs once a save wrote m's file and the workspace noted it: the editor showing m
	// shows it saved.
	saved func(m *personaedit.Model)
}

// leaveEditor runs then once the open persona can be left: at once when it has no unsaved
// edits, else after the person chose save (and the save worked) or discard. Cancel runs nothing.
func (e *editorCommands) leaveEditor(then func()) {
	q := e.ws.LeaveQuestion()
	if q == nil {
		then()
		return
	}
	m := e.ws.Draft()
	e.ask.choose(q.Title, q.Message, []string{q.Confirm, choiceDiscard, choiceCancel}, func(choice string) {
		switch choice {
		case q.Confirm:
			e.save(func() { then() })
		case choiceDiscard:
			m.Revert()
			then()
		}
	})
}

// saveEditor saves the open persona (the Save button and menu item).
func (e *editorCommands) saveEditor() { e.save(func() {}) }

// revertEditor drops the open persona's unsaved edits.
func (e *editorCommands) revertEditor() {
	if e.ws.Draft() != nil {
		e.ws.Draft().Revert()
	}
}

// save writes the open persona and then runs then. A refused save shows why and does not run
// then; after "keep mine" it asks a second time before writing over the change on disk.
func (e *editorCommands) save(then func()) {
	m := e.ws.Draft()
	if m == nil || !m.Dirty() {
		then()
		return
	}
	if q := e.ws.AgentmgrOnlyQuestion(); q != nil {
		// Cancel is the focused default: making the file agentmgr-only is a choice made by
		// pressing it, never by a Space meant for something else.
		e.ask.chooseDestructive(q.Title, q.Message, []string{q.Confirm, choiceCancel}, func(c string) {
			if c == q.Confirm {
				e.trySave(m, false, then)
			}
		})
		return
	}
	e.trySave(m, false, then)
}

func (e *editorCommands) trySave(m *personaedit.Model, confirmed bool, then func()) {
	err := m.Save(confirmed)
	switch {
	case errors.Is(err, personaedit.ErrNeedsConfirmation):
		title, msg := m.SaveQuestion()
		e.ask.choose(title, msg, []string{"Save mine", choiceCancel}, func(c string) {
			if c == "Save mine" {
				e.trySave(m, true, then)
			}
		})
	case err != nil:
		e.ask.showError(err)
	default:
		e.ws.Saved(m.Path())
		if e.saved != nil {
			e.saved(m) // the model told the view before the path was noted
		}
		e.load.reload()
		then()
	}
}

// reloadEditorFromDisk drops the open persona's edits and opens the file as it is now.
func (e *editorCommands) reloadEditorFromDisk() {
	if m := e.ws.Draft(); m != nil {
		m.Revert()
	}
	e.ws.Open(nil) // the reload opens the selection afresh
	e.load.reload()
}

// undo takes back the open persona's last edit.
func (e *editorCommands) undo() {
	if e.ws.Draft() != nil {
		e.ws.Draft().Undo()
	}
}

// redo makes the open persona's last undone edit again.
func (e *editorCommands) redo() {
	if e.ws.Draft() != nil {
		e.ws.Draft().Redo()
	}
}

// keepMine is the banner's Keep mine: the edits are moved onto the file as it now is, rule by
// rule. When both sides changed the same field or rule differently, the person is asked which
// side wins those, by name, and told what comes from each side; otherwise nothing is asked
// here (Save asks before writing, and says the same).
func (e *editorCommands) keepMine() {
	m := e.ws.Draft()
	if m == nil {
		return
	}
	plan, ok := m.MergePlan()
	if !ok || len(plan.Conflicts) == 0 {
		m.KeepMine()
		return
	}
	const mine, theirs = "Keep mine for these", "Take the file's for these"
	e.ask.choose("Changed on both sides", "Both you and the other program changed: "+plan.ConflictList()+".\n\n"+
		"Everything else merges: "+plan.Describe(),
		[]string{mine, theirs, choiceCancel}, func(c string) {
			switch c {
			case mine:
				m.KeepMineResolving(true)
			case theirs:
				m.KeepMineResolving(false)
			}
		})
}
