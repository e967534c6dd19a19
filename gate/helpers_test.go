package gate

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
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
func fixedPolicy(rs engine.Ruleset) decide.PolicyFunc {
	return func(decide.Call) (string, *engine.Policy, error) {
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

// e2ePersona asks for shell commands and edits, allows git status, denies rm.
var e2ePersona = engine.Ruleset{
	{Permission: "*", Pattern: "*", Action: engine.Ask},
	{Permission: "read", Pattern: "*", Action: engine.Allow},
	{Permission: "bash", Pattern: "git status*", Action: engine.Allow},
	{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
}.WithSource(engine.Source{Kind: engine.FromRequest})

func wantVerdict(t *testing.T, v decide.Verdict, action engine.Action, by approvals.Resolver, reason string) {
	t.Helper()
	if v.Action != action || v.DecidedBy != by || !strings.Contains(v.Reason, reason) {
		t.Errorf("verdict = %s by %q (%s)\nwant %s by %q with reason containing %q", v.Action, v.DecidedBy, v.Reason, action, by, reason)
	}
}
