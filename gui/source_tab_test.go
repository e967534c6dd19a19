package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every persona file can be edited as text: the other tabs follow what is typed, the reader's
// file:line:column errors show as it is typed and keep Save off, and Save writes the text as
// typed.
func TestSourceTabEditsAnyPersonaFile(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	path := filepath.Join(s.Dirs().GlobalAgents(), "reviewer.md")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st := tabOf[*SourceTab](t, s, TabSource)
	if st.Text.Text != string(orig) {
		t.Fatalf("the Source tab shows\n%s\nwant the file\n%s", st.Text.Text, orig)
	}
	v := s.screen.View()

	broken := strings.Replace(string(orig), "description: Reviews", "description: [Reviews", 1)
	st.Text.SetText(broken)
	if !strings.Contains(st.Notes.Text, "reviewer.md:") || !v.save.Disabled() {
		t.Errorf("text that does not read: notes %q, save disabled %v; want file:line:col and Save off", st.Notes.Text, v.save.Disabled())
	}

	typed := strings.Replace(string(orig), "description: Reviews changes;", "# said in the Source tab\ndescription: Reviews diffs;", 1)
	st.Text.SetText(typed)
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	if !strings.HasPrefix(pt.Description.Text, "Reviews diffs;") {
		t.Errorf("the Persona tab shows %q; want the description typed in the Source tab", pt.Description.Text)
	}
	if v.save.Disabled() {
		t.Fatalf("Save is off for text that reads: %s", v.status.Text)
	}
	tapSave(s)
	settle(t, s, q)
	if got, _ := os.ReadFile(path); string(got) != typed {
		t.Errorf("saved\n%s\nwant the text as typed\n%s", got, typed)
	}
	if s.ws.Draft().Dirty() {
		t.Error("still unsaved after Save")
	}
}
