package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestImportPPSReadsWherePiReads: with no PATH, import pps reads the agent dir's and the
// working directory's config, and the persona it writes decides as the configs say.
func TestImportPPSReadsWherePiReads(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, ".pi", "agent")
	proj := filepath.Join(home, "proj")
	write := func(p, text string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(agent, "extensions", "pi-permission-system", "config.json"), `{"permission": {"*": "allow", "path": {"*": "allow", "*.env": "deny"}, "bash": {"*": "allow", "git push *": "ask"}}}`)
	write(filepath.Join(proj, ".pi", "extensions", "pi-permission-system", "config.json"), `{"permission": {"bash": {"rm *": "deny"}}}`)
	getenv := func(k string) string { return map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": agent}[k] }
	cli := func(args ...string) string {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: proj, getenv: getenv}
		if code := run(args, e); code != 0 {
			t.Fatalf("agentmgr %v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	out := cli("import", "pi-permission-system", "--guards")
	for _, want := range []string{"wrote", "wrapper floor", "wrappers: ask"} {
		if !strings.Contains(out+testfiles.Read(t, filepath.Join(agent, "agents", "pps.md")), want) {
			t.Errorf("no %q in the import's report or persona:\n%s", want, out)
		}
	}
	if g := testfiles.Read(t, filepath.Join(agent, "agent-manager", "guards.yaml")); !strings.Contains(g, "path:") || !strings.Contains(g, `"*.env": deny`) {
		t.Errorf("guards.yaml:\n%s", g)
	}
	// The guard holds for every persona: the built-in builder may not read .env either.
	if got := cli("check", "--agent", "builder", "read", ".env"); !strings.HasPrefix(got, "deny") {
		t.Errorf("builder reads .env: %s", got)
	}
	for _, tc := range []struct{ tool, value, want string }{
		{"read", ".env", "deny"}, {"bash", "cat .env", "deny"}, {"bash", "git push origin", "ask"},
		{"bash", "rm -rf build", "deny"}, {"bash", "sudo ls", "ask"}, {"read", "src/a.go", "allow"},
	} {
		if got := cli("check", "--agent", "pps", tc.tool, tc.value); !strings.HasPrefix(got, tc.want) {
			t.Errorf("check %s %q = %s, want %s", tc.tool, tc.value, got, tc.want)
		}
	}
}
