package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImportGemini exports a persona with --to gemini, imports the policy file back with
// import gemini, and checks that the imported persona decides as the original.
func TestExportImportGemini(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "reviewer.md", reviewer)
	if code := run([]string{"export", "reviewer", "--to", "gemini", "--out", "g"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out, errb)
	}
	path := filepath.Join(e.cwd, "g", "policies", "agentmgr-reviewer.toml")
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "[[rule]]") || !strings.Contains(out.String(), "fidelity:") {
		t.Fatalf("policy file: %v\n%s\n%s", err, data, out)
	}
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"import", "gemini", "g/policies/agentmgr-reviewer.toml", "--name", "reviewer2"}, e2); code != 0 {
		t.Fatalf("import exited %d\n%s\n%s", code, out2, errb2)
	}
	for _, c := range []struct{ tool, value string }{{"bash", "git diff HEAD"}, {"bash", "rm -rf x"}, {"edit", "a.go"}, {"read", "a.go"}} {
		var got [2]string
		for i, agent := range []string{"reviewer", "reviewer2"} {
			e3, out3, _ := testEnvKeep(t, e)
			run([]string{"check", "--agent", agent, c.tool, c.value}, e3)
			got[i] = strings.Fields(out3.String() + " ")[0]
		}
		if got[0] != got[1] {
			t.Errorf("check %s %q: original %s, imported %s", c.tool, c.value, got[0], got[1])
		}
	}
}
