package personaedit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

func openSourceFixture(t *testing.T, text string) (*Model, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "agents", "src.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, text)
	m, probs := NewFileModel(path, []byte(text), personas.ScopeGlobal, nil)
	if m == nil {
		t.Fatalf("fixture does not read: %v", probs)
	}
	return m, path
}

const sourceFixture = "---\ndescription: Before.\npermissions: read\n---\nPrompt.\n"

// Text typed in the Source tab is the persona: the other tabs follow it, Save writes it byte
// for byte, and a field edit made after it keeps what was typed (a new comment).
func TestSourceEditIsSavedAsTyped(t *testing.T) {
	m, path := openSourceFixture(t, sourceFixture)
	if m.Source() != sourceFixture {
		t.Fatalf("Source() = %q; want the file", m.Source())
	}
	typed := "---\n# why: it only reads\ndescription: After.\npermissions: read\n---\nPrompt.\n"
	m.SetSource(typed)
	if d := m.Draft(); d.Description != "After." || !m.Dirty() || !m.CanSave() {
		t.Fatalf("after the source edit: description %q, dirty %v, can save %v (%v)", d.Description, m.Dirty(), m.CanSave(), m.Errors())
	}
	m.Update(func(d *Draft) { d.Steps = "7" })
	want := "---\n# why: it only reads\ndescription: After.\nsteps: 7\npermissions: read\n---\nPrompt.\n"
	if got := m.Source(); got != want {
		t.Fatalf("after a field edit the source is\n%q\nwant\n%q", got, want)
	}
	if err := m.Save(false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Errorf("saved\n%q\nwant\n%q", got, want)
	}
	if m.Dirty() || m.Source() != want {
		t.Errorf("after Save: dirty %v, source %q", m.Dirty(), m.Source())
	}
	// A comment alone is an edit too.
	m.SetSource(want + "More.\n")
	if !m.Dirty() {
		t.Error("a change of the prompt's text only did not make the persona dirty")
	}
	m.Revert()
	if m.Dirty() || m.Source() != want {
		t.Errorf("Revert left dirty %v, source %q", m.Dirty(), m.Source())
	}
}

// Text that does not read is kept as typed, with the reader's line:column errors, and Save
// writes nothing until it reads.
func TestSourceEditThatDoesNotReadBlocksSave(t *testing.T) {
	m, path := openSourceFixture(t, sourceFixture)
	bad := "---\ndescription: [unclosed\npermissions: read\n---\nPrompt.\n"
	m.SetSource(bad)
	if m.Source() != bad || !m.Dirty() {
		t.Fatalf("the broken text was not kept: %q dirty %v", m.Source(), m.Dirty())
	}
	errs := m.Errors()
	if len(errs) == 0 || errs[0].Field != FieldSource || errs[0].Line == 0 {
		t.Fatalf("errors %v; want the reader's error with its line on the source", errs)
	}
	if probs := m.SourceProblems(); len(probs) == 0 || !strings.Contains(probs[0].Error(), "src.md:") {
		t.Errorf("problems %v; want file:line:col", probs)
	}
	if m.CanSave() {
		t.Error("Save is offered for text that does not read")
	}
	if err := m.Save(false); err == nil {
		t.Error("Save wrote text that does not read")
	}
	if got, _ := os.ReadFile(path); string(got) != sourceFixture {
		t.Errorf("the file changed: %q", got)
	}
	m.SetSource(strings.Replace(bad, "[unclosed", "Fixed.", 1))
	if !m.CanSave() || m.Draft().Description != "Fixed." {
		t.Errorf("after the fix: can save %v, description %q (%v)", m.CanSave(), m.Draft().Description, m.Errors())
	}
}

// A file changed on disk after it was read is never overwritten by text typed in the Source tab.
func TestSourceEditNeverOverwritesAnOutsideChange(t *testing.T) {
	m, path := openSourceFixture(t, sourceFixture)
	m.SetSource(strings.Replace(sourceFixture, "Before.", "Mine.", 1))
	other := strings.Replace(sourceFixture, "Before.", "Theirs.", 1)
	writeFile(t, path, other)
	err := m.Save(false)
	if !errors.Is(err, personas.ErrChangedOnDisk) {
		t.Fatalf("Save over an outside change = %v; want ErrChangedOnDisk", err)
	}
	if got, _ := os.ReadFile(path); string(got) != other {
		t.Errorf("the outside change was overwritten: %q", got)
	}
	if m.Conflict() != ConflictChanged {
		t.Errorf("conflict %v; want the outside change shown", m.Conflict())
	}
}

// Undo takes back a Source edit whole, the text with it: the persona is no longer "unsaved"
// once every edit is undone, and text that does not read is undone too (Ctrl+Z did nothing
// once the typed text stopped reading).
func TestUndoTakesBackSourceEdits(t *testing.T) {
	m, _ := openSourceFixture(t, sourceFixture)
	m.SetSource(strings.Replace(sourceFixture, "Before.", "After.", 1))
	if !m.Dirty() {
		t.Fatal("the source edit did not make the persona dirty")
	}
	m.Undo()
	if m.Dirty() || m.Source() != sourceFixture || m.Draft().Description != "Before." {
		t.Fatalf("after Undo: dirty %v, source %q, description %q; want the file as read", m.Dirty(), m.Source(), m.Draft().Description)
	}
	m.Redo()
	if !m.Dirty() || m.Draft().Description != "After." {
		t.Fatalf("after Redo: dirty %v, description %q", m.Dirty(), m.Draft().Description)
	}
	m.Undo()

	bad := "---\ndescription: [unclosed\npermissions: read\n---\nPrompt.\n"
	m.Update(func(d *Draft) { d.Steps = "3" })
	m.SetSource(bad)
	if len(m.SourceProblems()) == 0 {
		t.Fatal("the broken text reads")
	}
	m.Undo()
	if len(m.SourceProblems()) != 0 || m.Draft().Steps != "3" || !strings.Contains(m.Source(), "steps: 3") {
		t.Fatalf("Undo of text that does not read: problems %v, steps %q, source %q; want the text before it", m.SourceProblems(), m.Draft().Steps, m.Source())
	}
	m.Undo()
	if m.Dirty() || m.Source() != sourceFixture {
		t.Errorf("after undoing every edit: dirty %v, source %q", m.Dirty(), m.Source())
	}
}
