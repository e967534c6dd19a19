// Package schematest compiles the JSON Schemas of the repository's schemas folder for the tests
// that check documents against them: a persona's frontmatter, the serve protocol's lines. It is
// for tests only.
package schematest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Path is the file of the schema name, as seen from a package folder one level below the
// repository's root, where a package's tests run.
func Path(name string) string { return filepath.Join("..", "schemas", name) }

// Load compiles the schema name. The schema is part of the repository: a missing file fails
// the test, it never skips it.
func Load(tb testing.TB, name string) *jsonschema.Schema {
	tb.Helper()
	path := Path(name)
	if _, err := os.Stat(path); err != nil {
		tb.Fatalf("no schema at %s: %v", path, err)
	}
	s, err := jsonschema.NewCompiler().Compile(path)
	if err != nil {
		tb.Fatalf("compile %s: %v", path, err)
	}
	return s
}
