// Package personastest reads persona files in tests: the tests of several packages load a
// persona file they wrote, or one of their fixtures, as agentmgr loads a global persona. It is
// for tests only.
package personastest

import (
	"os"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

// Load is the global persona in the file at path, and the file's text; a file that cannot be
// read or does not load fails the test.
func Load(tb testing.TB, path string) (*personas.Persona, []byte) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	p, probs := personas.Parse(path, data, personas.ScopeGlobal)
	if p == nil {
		tb.Fatalf("%s does not load: %v", path, probs)
	}
	return p, data
}
