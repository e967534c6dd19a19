package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImportCodex exports a persona with --to codex into the default .codex folder,
// reads the fidelity figure from --json, imports the file back with import codex and checks
// its decisions with agentmgr check, as a user would.
func TestExportImportCodex(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "guard.md", "---\nname: guard\ndescription: d\npermissions:\n  bash:\n    \"*\": allow\n    \"git push *\": ask\n    \"rm *\": deny\nexamples:\n  deny: [\"bash: rm -rf build\"]\n---\nGuard.\n")
	if code := run([]string{"export", "guard", "--to", "codex", "--json"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out, errb)
	}
	var res struct {
		Reports []struct {
			Fidelity *struct{ Rules, Exact, Stricter, Looser, Lost int } `json:"fidelity"`
		} `json:"reports"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Reports) != 1 || res.Reports[0].Fidelity == nil || res.Reports[0].Fidelity.Rules != 3 {
		t.Fatalf("export --json: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(e.cwd, ".codex", "rules", "guard.rules"))
	if err != nil || !strings.Contains(string(data), `pattern = ["rm"]`) || !strings.Contains(string(data), `approval_policy = "never"`) {
		t.Fatalf("rules file: %v\n%s", err, data)
	}
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"import", "codex", ".codex/rules", "--name", "guard2"}, e2); code != 0 {
		t.Fatalf("import exited %d\n%s\n%s", code, out2, errb2)
	}
	for cmd, want := range map[string]string{"rm -rf build": "deny", "git push origin": "ask", "ls": "allow"} {
		e3, out3, _ := testEnvKeep(t, e)
		run([]string{"check", "--agent", "guard2", "bash", cmd}, e3)
		if !strings.HasPrefix(out3.String(), want) {
			t.Errorf("check %q: %s, want %s", cmd, out3, want)
		}
	}
}

// TestExportGatedReport exports to Codex and Gemini CLI with agentmgr's hook installed for
// the runtime: the report says the gate decides exactly and the file is the fallback; without
// the hook it says the file enforces.
func TestExportGatedReport(t *testing.T) {
	for _, to := range []string{"codex", "gemini"} {
		t.Run(to, func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			writeAgent(t, "guard.md", "---\nname: guard\ndescription: d\npermissions:\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\nGuard.\n")
			if code := run([]string{"export", "guard", "--to", to, "--dry-run"}, e); code != 0 || !strings.Contains(out.String(), "(enforced by file)") {
				t.Fatalf("export without the hook: exit %d\n%s\n%s", code, out, errb)
			}
			e2, out2, errb2 := testEnvKeep(t, e)
			if code := run([]string{to, "install"}, e2); code != 0 {
				t.Fatalf("%s install: exit %d\n%s\n%s", to, code, out2, errb2)
			}
			e3, out3, errb3 := testEnvKeep(t, e)
			if code := run([]string{"export", "guard", "--to", to, "--dry-run"}, e3); code != 0 {
				t.Fatalf("export with the hook: exit %d\n%s", code, errb3)
			}
			if s := out3.String(); !strings.Contains(s, "(enforced by gate)") || !strings.Contains(s, "the exported file is the fallback") {
				t.Errorf("the report does not say the gate decides:\n%s", s)
			}
		})
	}
}
