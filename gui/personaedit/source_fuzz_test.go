package personaedit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

// FuzzSetSource types any text into the Source tab of a persona: nothing panics, text that the
// reader refuses blocks Save, and text it reads is what Save would write, byte for byte.
func FuzzSetSource(f *testing.F) {
	f.Add(sourceFixture)
	f.Add("---\n# c\ndescription: x\npermissions:\n  \"*\": ask\n---\nP.\n")
	f.Add("---\ndescription: [\n---\n")
	f.Add("no frontmatter")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "agents", "src.md")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		m, _ := NewFileModel(path, []byte(sourceFixture), personas.ScopeGlobal, nil)
		m.SetSource(text)
		p, probs := personas.Parse(path, []byte(text), personas.ScopeGlobal)
		reads := p != nil && len(personas.Errors(probs)) == 0
		if !reads {
			if m.CanSave() {
				t.Fatalf("Save offered for text the reader refuses: %q", text)
			}
			if m.Source() != text && text != sourceFixture {
				t.Fatalf("the refused text was not kept: %q", m.Source())
			}
			return
		}
		got, err := m.Bytes()
		if err != nil || string(got) != text {
			t.Fatalf("text that reads renders as %q (%v); want it as typed %q", got, err, text)
		}
	})
}
