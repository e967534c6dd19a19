package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaudeCodeRunsExportedSubagent exports a persona with `agentmgr export --to claude` and
// runs the real Claude Code as that agent (claude -p --agent NAME) against the scripted fake
// API, with no hook in any settings file: the subagent file's own hooks must call the gate,
// which denies the persona's rm and lets a read through.
func TestClaudeCodeRunsExportedSubagent(t *testing.T) {
	claude := claudeBinary(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	config := filepath.Join(home, ".claude")
	agentDir := filepath.Join(home, ".pi", "agent")
	proj := filepath.Join(root, "proj")
	victim := filepath.Join(proj, "victim")
	bin := filepath.Join(root, "bin")
	for _, d := range []string{config, filepath.Join(agentDir, "agents"), filepath.Join(proj, ".git"), victim, bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The exported hook runs "agentmgr": here that is this test binary acting as the CLI.
	if err := os.Symlink(self, filepath.Join(bin, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(agentDir, "agents", "e2e.md"), e2ePersona)
	writeTestFile(t, filepath.Join(victim, "keep.txt"), "precious\n")
	writeTestFile(t, filepath.Join(proj, "notes.txt"), "hello from the project\n")
	trusted := map[string]any{
		"hasCompletedOnboarding": true,
		"projects":               map[string]any{proj: map[string]any{"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true}},
	}
	writeJSONFile(t, filepath.Join(config, ".claude.json"), trusted)
	writeJSONFile(t, filepath.Join(home, ".claude.json"), trusted)

	var out, errb bytes.Buffer
	vars := map[string]string{"PI_CODING_AGENT_DIR": agentDir, "HOME": home}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: proj, getenv: func(k string) string { return vars[k] }}
	if code := run([]string{"export", "e2e", "--to", "claude"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out.String(), errb.String())
	}
	if _, err := os.Stat(filepath.Join(proj, ".claude", "agents", "e2e.md")); err != nil {
		t.Fatalf("no subagent file: %v\n%s", err, out.String())
	}

	api := newFakeAPI(
		fakeToolUse{ID: "toolu_x_bash", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "clean up"}},
		fakeToolUse{ID: "toolu_x_read", Name: "Read", Input: map[string]any{"file_path": filepath.Join(proj, "notes.txt")}},
	)
	srv := httptest.NewServer(api)
	defer srv.Close()
	// The deadline only stops a hung run; no assertion depends on how long anything takes.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, claude, "-p", "Clean up the project.", "--output-format", "stream-json", "--verbose",
		"--model", "claude-sonnet-4-5", "--permission-mode", "default", "--agent", "e2e")
	cmd.Dir = proj
	cmd.Env = []string{
		"HOME=" + home, "CLAUDE_CONFIG_DIR=" + config, "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=sk-ant-test-e2e",
		"PI_CODING_AGENT_DIR=" + agentDir, runAsCLI + "=1",
		"DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "CI=true",
	}
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("claude -p failed: %v\n%s", err, tail(got))
	}
	for _, e := range api.errs {
		t.Errorf("fake API: %s", e)
	}
	if r, ok := api.result("toolu_x_bash"); !ok || !r.IsError || !strings.Contains(r.Text, `"rm *"`) {
		t.Errorf("Bash rm: result %+v (sent: %v); want the gate's deny naming \"rm *\"\n%s", r, ok, tail(got))
	}
	if r, ok := api.result("toolu_x_read"); !ok || r.IsError || !strings.Contains(r.Text, "hello from the project") {
		t.Errorf("Read: result %+v (sent: %v); want the file's text", r, ok)
	}
	if _, err := os.Stat(filepath.Join(victim, "keep.txt")); err != nil {
		t.Errorf("the denied rm ran anyway: %v", err)
	}
}
