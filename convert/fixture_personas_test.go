package convert

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

// fixturePersonas are the personas an export test exports: the built-in builder and planner,
// and the personas of testdata/<dir>/personas, of which there must be at least least (a
// fixture folder emptied by mistake must not let the test pass on less).
func fixturePersonas(t *testing.T, dir string, least int) []*personas.Persona {
	t.Helper()
	var out []*personas.Persona
	for _, name := range []string{"builder", "planner"} {
		p, probs := personas.LoadBuiltin(name)
		if p == nil {
			t.Fatalf("builtin %s: %v", name, probs)
		}
		out = append(out, p)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", dir, "personas", "*.md"))
	if len(files) < least {
		t.Fatalf("testdata/%s/personas holds %d personas, want at least %d", dir, len(files), least)
	}
	for _, f := range files {
		p, _ := readPersonaFile(t, f)
		out = append(out, p)
	}
	return out
}

// readPersonaFile is the global persona in file f, and the file's text; a file that does not
// load fails the test.
func readPersonaFile(t *testing.T, f string) (*personas.Persona, []byte) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	p, probs := personas.Parse(f, data, personas.ScopeGlobal)
	if p == nil {
		t.Fatalf("%s: %v", f, probs)
	}
	return p, data
}
