package gui

import "github.com/agentmgr/agentmgr/personas"

// Conflict says whether the open persona's file changed on disk while it has unsaved edits.
type Conflict int

// Conflict states. After "keep mine" the conflict is acknowledged but not gone: Save still asks
// a second time before it overwrites the file.
const (
	ConflictNone     Conflict = iota
	ConflictChanged           // the file changed on disk
	ConflictDeleted           // the file is gone (or the persona moved to another file)
	ConflictKeptMine          // the person chose to keep their edits; saving asks once more
)

// String names the state for messages and tests.
func (c Conflict) String() string {
	switch c {
	case ConflictNone:
		return "none"
	case ConflictChanged:
		return "changed on disk"
	case ConflictDeleted:
		return "deleted on disk"
	case ConflictKeptMine:
		return "kept mine"
	}
	return "conflict?"
}

// Conflict is the model's conflict state.
func (m *EditorModel) Conflict() Conflict { return m.conflict }

// Banner is the message the editor shows while there is an unresolved conflict, "" otherwise.
func (m *EditorModel) Banner() string {
	switch m.conflict {
	case ConflictChanged:
		return "This persona changed on disk while you were editing it."
	case ConflictDeleted:
		return "This persona's file was deleted or renamed on disk while you were editing it."
	}
	return ""
}

// KeepMine acknowledges the conflict and keeps the draft. Save will still ask before it
// overwrites what is on disk.
func (m *EditorModel) KeepMine() {
	if m.conflict == ConflictChanged || m.conflict == ConflictDeleted {
		m.conflict = ConflictKeptMine
		m.changed()
	}
}

func (m *EditorModel) setConflict(c Conflict) {
	if m.conflict == c || (m.conflict == ConflictKeptMine && c != ConflictNone) {
		return
	}
	m.conflict = c
	m.changed()
}

// samePersona reports whether two loads of a persona would show the same draft.
func samePersona(a, b *personas.Persona) bool { return draftOf(a).equal(draftOf(b)) }
