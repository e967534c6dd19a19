package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaudeCodeRunsExportedSubagent exports a persona with `agentmgr export --to claude` and
// runs the real Claude Code as that agent (claude -p --agent NAME) against the scripted fake
// API, with no hook in any settings file: the subagent file's own hooks must call the gate,
// which denies the persona's rm and lets a read through, and refuses to start an agent no hook
// would cover (the general-purpose agent carries none). Then the binary the hook names is
// removed: the hook fails closed, and a call the persona allows is blocked with the reason.
func TestClaudeCodeRunsExportedSubagent(t *testing.T) {
	sb := newClaudeSandbox(t)
	home, agentDir, proj, victim := sb.home, sb.agentDir, sb.proj, sb.victim
	// The exported hook runs "agentmgr": here that is this test binary acting as the CLI.
	bin := filepath.Join(sb.root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(bin, "agentmgr")); err != nil {
		t.Fatal(err)
	}

	var out, errb bytes.Buffer
	vars := map[string]string{"PI_CODING_AGENT_DIR": agentDir, "HOME": home}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: proj, getenv: func(k string) string { return vars[k] }}
	if code := run([]string{"export", "e2e", "--to", "claude", "--binary", filepath.Join(bin, "agentmgr")}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out.String(), errb.String())
	}
	if _, err := os.Stat(filepath.Join(proj, ".claude", "agents", "e2e.md")); err != nil {
		t.Fatalf("no subagent file: %v\n%s", err, out.String())
	}

	api := newFakeAPI(
		fakeToolUse{ID: "toolu_x_bash", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "clean up"}},
		fakeToolUse{ID: "toolu_x_read", Name: "Read", Input: map[string]any{"file_path": filepath.Join(proj, "notes.txt")}},
		// The agent it would start carries no hook (no settings file holds the gate): refused.
		fakeToolUse{ID: "toolu_x_agent", Name: "Agent", Input: map[string]any{"subagent_type": "general-purpose", "description": "escape", "prompt": "ROUTE-ESCAPE go"}},
	).route("ROUTE-ESCAPE",
		fakeToolUse{ID: "toolu_x_escape", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "escape"}},
	)
	got := sb.run(t, api, bin, "--agent", "e2e")
	for _, e := range api.errs {
		t.Errorf("fake API: %s", e)
	}
	if r, ok := api.result("toolu_x_bash"); !ok || !r.IsError || !strings.Contains(r.Text, `"rm *"`) {
		t.Errorf("Bash rm: result %+v (sent: %v); want the gate's deny naming \"rm *\"\n%s", r, ok, tail(got))
	}
	if r, ok := api.result("toolu_x_read"); !ok || r.IsError || !strings.Contains(r.Text, "hello from the project") {
		t.Errorf("Read: result %+v (sent: %v); want the file's text", r, ok)
	}
	if r, ok := api.result("toolu_x_agent"); !ok || !r.IsError || !strings.Contains(r.Text, "without agentmgr's hook") {
		t.Errorf("Agent starting an unhooked general-purpose agent: result %+v (sent: %v); want it refused, saying why", r, ok)
	}
	if _, ok := api.result("toolu_x_escape"); ok {
		t.Error("the unhooked nested agent ran a tool call")
	}
	if _, err := os.Stat(filepath.Join(victim, "keep.txt")); err != nil {
		t.Errorf("the denied rm ran anyway: %v", err)
	}

	// agentmgr is gone: the exported hook must block, not let the call run unchecked.
	if err := os.Remove(filepath.Join(bin, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	api = newFakeAPI(fakeToolUse{ID: "toolu_x_touch", Name: "Bash", Input: map[string]any{"command": "touch made-without-agentmgr", "description": "make"}})
	got = sb.run(t, api, bin, "--agent", "e2e")
	if r, ok := api.result("toolu_x_touch"); !ok || !r.IsError || !strings.Contains(r.Text, "the call is blocked") {
		t.Errorf("Bash touch with agentmgr missing: result %+v (sent: %v); want the hook's block\n%s", r, ok, tail(got))
	}
	if _, err := os.Stat(filepath.Join(proj, "made-without-agentmgr")); err == nil {
		t.Error("the call ran although the hook could not run agentmgr")
	}
}
