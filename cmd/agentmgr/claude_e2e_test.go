package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runAsCLI makes the test binary act as agentmgr itself when set in its environment: the
// end-to-end test installs the test binary as Claude Code's hook, so no separate build is
// needed and the hook runs exactly the code under test.
const runAsCLI = "AGENTMGR_TEST_RUN_AS_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(runAsCLI) == "1" {
		os.Exit(run(os.Args[1:], newEnv()))
	}
	os.Exit(m.Run())
}

// claudeCodeVersion is the Claude Code the end-to-end test runs; the Makefile installs it.
const claudeCodeVersion = "2.1.332"

// claudeBinary finds the pinned Claude Code: $AGENTMGR_TEST_CLAUDE, else where `make test`
// installs it. Without it the test is skipped, except under CI, where it must run.
func claudeBinary(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("AGENTMGR_TEST_CLAUDE")
	if bin == "" {
		if home, err := os.UserHomeDir(); err == nil {
			bin = filepath.Join(home, ".cache", "agentmgr-test", "claude", "node_modules", ".bin", "claude")
		}
	}
	if _, err := os.Stat(bin); err != nil {
		msg := "Claude Code " + claudeCodeVersion + " is not installed (" + bin + "); `make deps-claude` installs it from npm"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return bin
}

// e2ePersona denies rm and allows everything else, like a builder that denies deletion.
const e2ePersona = `---
name: e2e
description: Allows all but deleting
permissions:
  "*": allow
  bash:
    "rm *": {action: deny, reason: "e2e persona: nothing is deleted"}
    "git push *": ask
---
Test.
`

// TestClaudeCodeEndToEnd runs the real Claude Code headless (claude -p) against a scripted fake
// Messages API, with the README's hook block calling this agentmgr. The fake model asks for
// Bash rm (denied: the target stays), Read (allowed: the file's text comes back) and Monitor
// with rm (Monitor runs a command, so it is decided as bash: denied), and Bash git push, which
// the persona asks about: with no app serving, Claude Code -p refuses it, and the reason says so.
func TestClaudeCodeEndToEnd(t *testing.T) {
	sb := newClaudeSandbox(t)
	self, proj, victim := sb.self, sb.proj, sb.victim
	// The README's hook block, with this binary as agentmgr.
	hooks := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"matcher": "*",
		"hooks":   []any{map[string]any{"type": "command", "command": shellQuote(self) + " gate claude --agent e2e", "timeout": 130}},
	}}}}
	writeJSONFile(t, filepath.Join(proj, ".claude", "settings.json"), hooks)

	api := newFakeAPI(
		fakeToolUse{ID: "toolu_e2e_bash", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "clean up"}},
		fakeToolUse{ID: "toolu_e2e_read", Name: "Read", Input: map[string]any{"file_path": filepath.Join(proj, "notes.txt")}},
		fakeToolUse{ID: "toolu_e2e_monitor", Name: "Monitor", Input: map[string]any{"command": "rm -rf victim", "description": "watch", "timeout_ms": 60000}},
		fakeToolUse{ID: "toolu_e2e_ask", Name: "Bash", Input: map[string]any{"command": "git push origin main", "description": "publish"}},
	)
	out := sb.run(t, api, "")
	for _, e := range api.errs {
		t.Errorf("fake API: %s", e)
	}

	checks := []struct {
		id, what string
		isError  bool
		has      []string
	}{
		{"toolu_e2e_bash", "Bash rm -rf victim", true, []string{"agentmgr", `"rm *"`, "nothing is deleted"}},
		{"toolu_e2e_read", "Read notes.txt", false, []string{"hello from the project"}},
		{"toolu_e2e_monitor", "Monitor rm -rf victim", true, []string{"agentmgr", `"rm *"`}},
		{"toolu_e2e_ask", "Bash git push (ask, nobody to answer)", true, []string{`"git push *"`, "claude -p", "refused"}},
	}
	for _, c := range checks {
		r, ok := api.result(c.id)
		if !ok {
			t.Errorf("%s: Claude Code sent no result back\n%s", c.what, tail(out))
			continue
		}
		if r.IsError != c.isError {
			t.Errorf("%s: is_error = %v, want %v; result %q", c.what, r.IsError, c.isError, r.Text)
		}
		for _, s := range c.has {
			if !strings.Contains(r.Text, s) {
				t.Errorf("%s: result %q lacks %q", c.what, r.Text, s)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(victim, "keep.txt")); err != nil {
		t.Errorf("the denied rm ran anyway: %v", err)
	}
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path, string(b))
}

// claudeSandbox is an isolated home and config for the real Claude Code, and a trusted git
// project in which it runs: the persona e2e in the agent dir, a victim folder that must be
// kept, and a file to read. An untrusted project ignores its settings' permissions (hooks
// still run), so the project is trusted in both places Claude Code looks.
type claudeSandbox struct {
	claude, self                               string
	root, home, config, agentDir, proj, victim string
}

func newClaudeSandbox(t *testing.T) *claudeSandbox {
	t.Helper()
	sb := &claudeSandbox{claude: claudeBinary(t)}
	var err error
	if sb.self, err = os.Executable(); err != nil {
		t.Fatal(err)
	}
	if sb.root, err = filepath.EvalSymlinks(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	sb.home = filepath.Join(sb.root, "home")
	sb.config = filepath.Join(sb.home, ".claude")
	sb.agentDir = filepath.Join(sb.home, ".pi", "agent")
	sb.proj = filepath.Join(sb.root, "proj")
	sb.victim = filepath.Join(sb.proj, "victim")
	for _, d := range []string{sb.config, filepath.Join(sb.agentDir, "agents"), filepath.Join(sb.proj, ".git"), filepath.Join(sb.proj, ".claude"), sb.victim} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeTestFile(t, filepath.Join(sb.agentDir, "agents", "e2e.md"), e2ePersona)
	writeTestFile(t, filepath.Join(sb.victim, "keep.txt"), "precious\n")
	writeTestFile(t, filepath.Join(sb.proj, "notes.txt"), "hello from the project\n")
	trusted := map[string]any{
		"hasCompletedOnboarding": true,
		"projects":               map[string]any{sb.proj: map[string]any{"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true}},
	}
	writeJSONFile(t, filepath.Join(sb.config, ".claude.json"), trusted)
	writeJSONFile(t, filepath.Join(sb.home, ".claude.json"), trusted)
	return sb
}

// run runs claude -p in the project against the scripted api, with extra arguments and, when
// pathFirst is not "", that folder first on PATH; it fails the test when claude fails.
func (sb *claudeSandbox) run(t *testing.T, api *fakeAPI, pathFirst string, extra ...string) []byte {
	t.Helper()
	srv := httptest.NewServer(api)
	defer srv.Close()
	path := os.Getenv("PATH")
	if pathFirst != "" {
		path = pathFirst + string(os.PathListSeparator) + path
	}
	// The deadline only stops a hung run; no assertion depends on how long anything takes.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"-p", "Clean up the project.", "--output-format", "stream-json", "--verbose",
		"--permission-mode", "default"}, extra...)
	cmd := exec.CommandContext(ctx, sb.claude, args...)
	cmd.Dir = sb.proj
	cmd.Env = []string{
		"HOME=" + sb.home, "CLAUDE_CONFIG_DIR=" + sb.config, "PATH=" + path,
		"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=sk-ant-test-e2e",
		"PI_CODING_AGENT_DIR=" + sb.agentDir, runAsCLI + "=1",
		"DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "CI=true",
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("claude -p failed: %v\n%s", err, tail(out))
	}
	return out
}

// tail is the end of a long output, for failure messages.
func tail(b []byte) string {
	const n = 4000
	if len(b) > n {
		return "…" + string(b[len(b)-n:])
	}
	return string(b)
}
