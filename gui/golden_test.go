package gui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/internal/unidiff"
)

var update = flag.Bool("update", false, "rewrite Icon.png from the code")

// assertGolden compares a saved file with the editor model's golden file of the same name
// (personaedit/testdata/golden): the window must write what the model writes.
func assertGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("personaedit", "testdata", "golden", name))
	if err != nil {
		t.Fatalf("reading golden file: %v (go test ./gui/personaedit/ -update creates it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file:\n%s", name, unidiff.Diff("golden", "got", want, got))
	}
}

// rowsString renders rules rows as "key pattern action" joined by "; ".
func rowsString(rows []personaedit.RuleRow) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %s %s", r.Permission, r.Pattern, r.Action)
	}
	return strings.Join(parts, "; ")
}
