package convert

import (
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/personas/personastest"
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
		p, _ := personastest.Load(t, f)
		out = append(out, p)
	}
	return out
}
