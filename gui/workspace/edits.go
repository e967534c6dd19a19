package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/personas"
)

// The decisions behind the editor's file operations (leaving unsaved edits, save, delete, move a broken file to the
// trash, rename, duplicate): which persona each applies to, what it changes, and what the person is
// asked first. The window only shows the question and calls back; these are tested without
// a display.

// Question is what the window asks before a change: a title, a message, and the button that
// goes ahead (the other is Cancel).
type Question struct {
	Title, Message, Confirm string
}

// TrashPlan is moving a file to the trash: the change, the question asked first, and what
// Undo restores (a persona's name, or a broken file's name without .md).
type TrashPlan struct {
	Change   *personas.FileChange
	Question Question
	Restore  string
}

// PlanDelete prepares deleting the persona open in the draft. ok is false when there is none
// the person may delete (nothing open, a built-in or other read-only persona): Delete then
// does nothing. The question says what moves where, that Undo takes it back, and that
// unsaved edits are dropped.
func (w *Workspace) PlanDelete() (plan TrashPlan, ok bool, err error) {
	m := w.draft
	if m == nil || m.ReadOnly() || m.Original() == nil {
		return TrashPlan{}, false, nil
	}
	name := m.Original().Name
	ch, err := personas.PlanDelete(w.catalog, name)
	if err != nil {
		return TrashPlan{}, true, err
	}
	// The summary already names the restore command; it is written for the CLI, lower-case.
	msg := sentence(ch.Summary) + ". You can also undo it right after."
	if m.Dirty() {
		msg += " Your unsaved changes are dropped."
	}
	return TrashPlan{Change: ch, Restore: name, Question: Question{Title: "Delete " + name + "?", Message: msg, Confirm: "Delete"}}, true, nil
}

// PlanTrashBroken prepares moving path, a persona file that failed to load, to the trash.
func (w *Workspace) PlanTrashBroken(path string) (TrashPlan, error) {
	ch, err := personas.PlanTrashBroken(w.catalog, path)
	if err != nil {
		return TrashPlan{}, err
	}
	base := filepath.Base(path)
	return TrashPlan{Change: ch, Restore: strings.TrimSuffix(base, ".md"), Question: Question{
		Title: "Move " + base + " to the trash?", Message: sentence(ch.Summary) + ". You can also undo it right after.", Confirm: "Move to trash",
	}}, nil
}

// RenameTarget is the name of the open persona Rename renames; ok is false when there is
// none the person may rename (nothing open, a read-only persona).
func (w *Workspace) RenameTarget() (name string, ok bool) {
	m := w.draft
	if m == nil || m.ReadOnly() || m.Original() == nil {
		return "", false
	}
	return m.Original().Name, true
}

// Rename renames persona old to name (its file and its name field together, the state
// following it when it is the active agent).
func (w *Workspace) Rename(old, name string) error {
	ch, err := personas.PlanRename(w.catalog, old, name)
	if err != nil {
		return err
	}
	return ch.Apply()
}

// DuplicateSource is the persona Duplicate copies, as loaded: the open one, nil when nothing
// is open or the selection is a broken file.
func (w *Workspace) DuplicateSource() *personas.Persona {
	if m := w.draft; m != nil && !m.Broken() {
		return m.Original()
	}
	return nil
}

// AgentmgrOnlyQuestion is what saving the open draft would do to pi-agent-manager 0.18.1,
// asked before the save: nil when nothing is asked (it still loads the file, the file is not
// one it reads, it skipped the file already, or nothing is open). Like the CLI's
// --agentmgr-only, a save that makes that program skip the file is the person's explicit
// choice, never a side effect.
func (w *Workspace) AgentmgrOnlyQuestion() *Question {
	m := w.draft
	if m == nil {
		return nil
	}
	p := m.Original()
	if p == nil || p.Scope != personas.ScopeGlobal {
		return nil
	}
	data, err := m.Bytes()
	if err != nil {
		return nil
	}
	before, err := os.ReadFile(m.Path())
	if err != nil {
		before = nil
	}
	g := compat.CheckEdit(m.Path(), before, data)
	if g == nil || g.Already {
		return nil
	}
	return &Question{Title: "Keep this persona agentmgr-only?", Confirm: "Save agentmgr-only",
		Message: g.Message() + ".\n\nSaving keeps it working with agentmgr's gate and pi extension only."}
}

// AgentmgrOnlyWarning says, while the draft is edited, that saving it would make
// pi-agent-manager 0.18.1 skip the file (a deny reason, say, is a form that program cannot
// read): "" when it would not, or the file is skipped already. It reads nothing from disk (the
// file's own mark comes with the catalog), so the editor can say it at the keystroke that
// causes it rather than only when Save asks.
func (w *Workspace) AgentmgrOnlyWarning() string {
	m := w.draft
	if m == nil || !m.Dirty() {
		return ""
	}
	p := m.Original()
	if p == nil || p.Scope != personas.ScopeGlobal || w.Mark(m.Path()) != "" {
		return ""
	}
	data, err := m.Bytes()
	if err != nil {
		return ""
	}
	g := compat.CheckEdit(m.Path(), nil, data)
	if g == nil {
		return ""
	}
	return g.Message()
}

// LeaveQuestion is what the window asks before it leaves the open draft (another selection,
// New, Quit): nil when the draft has no unsaved edits, which is then left at once. Confirm
// saves first; the window also offers to discard them, or to stay.
func (w *Workspace) LeaveQuestion() *Question {
	m := w.draft
	if m == nil || !m.Dirty() {
		return nil
	}
	name := filepath.Base(m.Path())
	if p := m.Original(); p != nil {
		name = p.Name
	}
	return &Question{Title: "Unsaved changes", Message: name + " has unsaved changes. Save them before leaving?", Confirm: "Save"}
}

// sentence starts s with a capital letter, for text written as a clause shown on its own.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
