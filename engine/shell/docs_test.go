package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsListTheCatalogues checks that docs/shell.md names every program
// of the wrapper table and of the code-running catalogue, so the data and
// its documentation do not drift apart.
func TestDocsListTheCatalogues(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "shell.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	var names []string
	for _, w := range moreWrappers {
		names = append(names, w.names...)
	}
	for _, r := range codeRunners {
		names = append(names, r.names...)
	}
	for _, n := range names {
		if !strings.Contains(doc, "`"+n+"`") {
			t.Errorf("docs/shell.md does not mention `%s`", n)
		}
	}
}
