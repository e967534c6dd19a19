package schematest

import (
	"path/filepath"
	"strings"
	"testing"
)

// Every schema of the repository compiles, and validates a document by its rules.
func TestLoadCompilesEverySchema(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "..", "schemas", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas found: %v", err)
	}
	// Load reads from one level below the root, as a package's tests run; this package is two
	// levels down.
	t.Chdir("..")
	for _, n := range names {
		s := Load(t, filepath.Base(n))
		if err := s.Validate("a string is no persona, nor a protocol line"); err == nil {
			t.Errorf("%s accepted a bare string", n)
		}
	}
	if !strings.HasSuffix(Path("x.json"), filepath.Join("schemas", "x.json")) {
		t.Errorf("Path(x.json) = %s", Path("x.json"))
	}
}
