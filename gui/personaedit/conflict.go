package personaedit

import (
	"bytes"

	"github.com/agentmgr/agentmgr/personas"
)

// Conflict says whether the open persona's file changed on disk while it has unsaved edits.
type Conflict int

// Conflict states. After "keep mine" the conflict is acknowledged but not gone: Save still asks
// a second time before it writes over the other change.
const (
	ConflictNone     Conflict = iota
	ConflictChanged           // the file changed on disk
	ConflictDeleted           // the file is gone (deleted, or renamed by someone else)
	ConflictKeptMine          // the person keeps their edits; saving asks once more
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
func (m *Model) Conflict() Conflict { return m.conflict }

// Banner is the message the editor shows while a conflict is unresolved, "" otherwise.
func (m *Model) Banner() string {
	switch m.conflict {
	case ConflictChanged:
		return "This persona changed on disk while you were editing it."
	case ConflictDeleted:
		return "This persona's file was deleted or moved on disk while you were editing it."
	}
	return ""
}

// KeepMine keeps the draft over the change on disk. The draft is moved onto the file as it is
// on disk now, field by field and rule by rule (MergePlan says what comes from each side): what
// you edited keeps your values, the rest takes the file's, so nothing the other program
// changed elsewhere is lost, not even a rule it added next to one you changed. What both
// changed differently takes yours (KeepMineResolving lets the person choose). A deleted file is
// written anew, and a file that no longer parses is replaced whole. Save asks for a second
// confirmation either way.
func (m *Model) KeepMine() { m.KeepMineResolving(true) }

// KeepMineResolving is KeepMine, with the fields and rules both sides changed differently
// (MergePlan.Conflicts) taking mine when mineWins, else the file's.
func (m *Model) KeepMineResolving(mineWins bool) {
	if m.conflict != ConflictChanged && m.conflict != ConflictDeleted {
		return
	}
	switch p, _ := personas.Parse(m.path, m.disk, m.orig.Scope); {
	case !m.diskExists:
		m.exists = false // loaded stays: the edits re-create the file from the text we had
	case p == nil:
		m.overwrite = true
	default:
		m.rebase(p, m.disk, mineWins)
	}
	m.conflict = ConflictKeptMine
	m.changed()
}

// rebase moves the draft's edits onto p, read from data (see merge).
func (m *Model) rebase(p *personas.Persona, data []byte, mineWins bool) {
	nb := draftOf(p)
	r := merge(m.base, m.draft, nb, mineWins)
	m.orig, m.base, m.draft, m.kept = p, nb, r.draft, r.plan
	m.loaded, m.exists = data, true
	// The typed text was made from the old file: its edits are in the draft, merged above;
	// written whole it would undo the other program's change.
	m.src = nil
}

// setConflict records a change on disk that the draft's edits are in the way of.
func (m *Model) setConflict(c Conflict, disk []byte, exists bool) {
	if m.conflict == c && bytes.Equal(disk, m.disk) && exists == m.diskExists {
		return
	}
	m.conflict, m.disk, m.diskExists = c, disk, exists
	m.notify()
}

// Exists reports whether the file the draft will be written to is on disk; false after "keep
// mine" over a file deleted meanwhile (Save writes it anew).
func (m *Model) Exists() bool { return m.exists }

// Versions are the three texts of a conflict, for the person to compare before choosing:
// theirs, what the file holds on disk now (nil when it is gone); base, the text the edits were
// started from; mine, what Save would write were the edits applied to base.
type Versions struct {
	Mine, Disk, Base []byte
	DiskExists       bool
}

// ConflictVersions are the three texts while the file changed on disk under the edits; ok is
// false when there is no such conflict.
func (m *Model) ConflictVersions() (v Versions, ok bool) {
	if m.conflict != ConflictChanged && m.conflict != ConflictDeleted {
		return Versions{}, false
	}
	mine, _ := m.Bytes()
	return Versions{Mine: mine, Disk: m.disk, Base: m.loaded, DiskExists: m.diskExists}, true
}
