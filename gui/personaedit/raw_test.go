package personaedit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

// A broken file is fixed in the raw view: the reader's errors with their line and column
// follow the text, Save writes it atomically with a backup, and a file changed on disk
// meanwhile is never overwritten.
func TestRawFileFixesABrokenFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.md")
	broken := "---\ndescription: [unclosed\n---\nPrompt.\n"
	writeFile(t, path, broken)
	r, err := OpenRaw(path, personas.ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	probs := r.Problems()
	if len(personas.Errors(probs)) == 0 || !strings.Contains(probs[0].Error(), "broken.md:") {
		t.Fatalf("problems of the broken text: %v; want an error with file:line:col", probs)
	}
	if r.Reads() || r.Dirty() {
		t.Fatalf("reads %v dirty %v before any edit", r.Reads(), r.Dirty())
	}
	r.SetText("---\ndescription: fixed\npermissions: read\n---\nPrompt.\n")
	if !r.Reads() || !r.Dirty() {
		t.Fatalf("after the fix: reads %v dirty %v; problems %v", r.Reads(), r.Dirty(), r.Problems())
	}
	if err := r.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != r.Text() {
		t.Errorf("saved %q", got)
	}
	if bak, _ := os.ReadFile(path + ".bak"); string(bak) != broken {
		t.Errorf("backup %q; want the broken text", bak)
	}
	// Someone else changes the file: Save refuses and writes nothing.
	writeFile(t, path, "other\n")
	r.SetText("mine\n")
	if err := r.Save(); !errors.Is(err, ErrRawChanged) {
		t.Fatalf("Save over an outside change = %v; want ErrRawChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "other\n" {
		t.Errorf("the refused save wrote %q", got)
	}
}
