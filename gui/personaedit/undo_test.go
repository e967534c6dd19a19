package personaedit

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestUndoRedoEditorOperations(t *testing.T) {
	m := openRules(t)
	// Typing in one field is one step.
	for _, s := range []string{"M", "Me", "Mer", "Merged."} {
		m.Update(func(d *Draft) { d.Description = s })
	}
	setRule(m, "bash", "git *", engine.Deny)
	m.Update(func(d *Draft) {
		d.Rules = append(d.Rules, RuleRow{Permission: "edit", Pattern: "*", Action: engine.Ask})
	})
	if !m.CanUndo() || m.CanRedo() {
		t.Fatalf("CanUndo %v CanRedo %v after three edits", m.CanUndo(), m.CanRedo())
	}
	m.Undo() // the added rule
	if n := len(m.Draft().Rules); n != 3 {
		t.Errorf("after one Undo: %d rules; want the added one gone (3)", n)
	}
	m.Undo() // the changed rule
	if r := m.Draft().Rules[1]; r.Action != engine.Allow {
		t.Errorf("after two Undos: git * is %s; want allow again", r.Action)
	}
	m.Undo() // the typing
	if m.Draft().Description != "Merges." || m.Dirty() || m.CanUndo() {
		t.Errorf("after three Undos: description %q dirty %v CanUndo %v; want the file's, clean, nothing left", m.Draft().Description, m.Dirty(), m.CanUndo())
	}
	m.Redo()
	m.Redo()
	if m.Draft().Description != "Merged." || m.Draft().Rules[1].Action != engine.Deny {
		t.Errorf("after two Redos: %q, git * %s", m.Draft().Description, m.Draft().Rules[1].Action)
	}
	// A new edit drops what could be redone.
	m.Update(func(d *Draft) { d.Icon = "x" })
	if m.CanRedo() {
		t.Error("an edit after Undo left Redo possible")
	}
	// Revert is undoable too.
	m.Revert()
	m.Undo()
	if m.Draft().Icon != "x" {
		t.Errorf("Undo after Revert: icon %q; want the reverted edits back", m.Draft().Icon)
	}
}
