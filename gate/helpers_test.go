package gate

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// testRules reads a ruleset from a JSON list of {permission, pattern, action, reason}.
func testRules(t testing.TB, path string) engine.Ruleset {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rs engine.Ruleset
	if err := json.Unmarshal(data, &rs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rs.WithSource(engine.Source{Kind: engine.FromRequest})
}

// fixedPolicy decides every call with rules, as persona "tester", without session rules.
func fixedPolicy(rs engine.Ruleset) PolicyFunc {
	return func(Call) (string, *engine.Policy, error) {
		return "tester", engine.NewPolicy(rs), nil
	}
}

// checkGolden compares got (JSON) with the golden file, or rewrites it under -update.
func checkGolden(t *testing.T, path string, got any) {
	t.Helper()
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s:\ngot  %s\nwant %s", filepath.Base(path), data, want)
	}
}
