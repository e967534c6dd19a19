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

	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// runAsCLI makes the test binary act as agentmgr itself when set in its environment: the
// end-to-end test installs the test binary as Claude Code's hook, so no separate build is
// needed and the hook runs exactly the code under test.
const runAsCLI = "AGENTMGR_TEST_RUN_AS_CLI"

func TestMain(m *testing.M) {
	// The MCP server is started by Claude Code, whose environment also says run as the CLI.
	if dir := os.Getenv(runAsMCP); dir != "" {
		os.Exit(serveMCP(dir))
	}
	if os.Getenv(runAsCLI) == "1" {
		os.Exit(run(os.Args[1:], newEnv()))
	}
	os.Exit(m.Run())
}

// e2ePersona denies rm and printf and allows everything else, like a builder that denies
// deletion.
const e2ePersona = `---
name: e2e
description: Allows all but deleting
permissions:
  "*": allow
  bash:
    "rm *": {action: deny, reason: "e2e persona: nothing is deleted"}
    "printf *": {action: deny, reason: "e2e persona: no printf"}
    "git push *": ask
  edit:
    "*secret*": {action: deny, reason: "e2e persona: no secrets"}
  webfetch:
    "https://blocked.example/*": deny
  mcp__srv__status: allow
---
Test.
`

// readmeHooks is the hook block of the README, read from it verbatim, so that the test runs
// what a user pastes.
func readmeHooks(t *testing.T) map[string]any {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	at := strings.Index(text, "Hook it into Claude Code.")
	if at < 0 {
		t.Fatal("the README has no Claude Code hook step")
	}
	start := strings.Index(text[at:], "```json\n")
	end := strings.Index(text[at+start+8:], "```")
	if start < 0 || end < 0 {
		t.Fatal("the README's Claude Code step has no json block")
	}
	var hooks map[string]any
	if err := json.Unmarshal([]byte(text[at+start+8:at+start+8+end]), &hooks); err != nil {
		t.Fatalf("the README's hook block is not JSON: %v", err)
	}
	return hooks
}

// cleanerAgent is a Claude Code subagent named like the persona cleaner.
const cleanerAgent = "---\nname: cleaner\ndescription: Cleans the project\n---\nYou clean.\n"

// cleanerForE2E denies touch, which the session's persona e2e allows.
const cleanerForE2E = `---
name: cleaner
description: Cleans, never creates
permissions:
  "*": allow
  bash:
    "touch *": {action: deny, reason: "cleaner creates nothing"}
---
Clean.
`

// TestClaudeCodeEndToEnd runs the real Claude Code headless (claude -p, the default model)
// against a scripted fake Messages API, with the README's hook block verbatim and agentmgr on
// PATH (this test binary), the persona e2e active. The fake main loop asks for Bash rm (denied:
// the target stays), Read (allowed: the file's text comes back), Monitor with rm (decided as
// bash: denied), Bash git push (asked; with no app serving, refused, and the reason says so),
// then starts the subagent cleaner, whose touch is denied by the persona cleaner although e2e
// allows it, and which starts a general-purpose agent whose touch is denied too (never looser
// than its parent); then a skill whose inline printf e2e denies, and the tools of a tiny MCP
// server (this test binary): exec with an rm argv, shell with an rm command line, write_file of
// a secret and fetch of a blocked URL are denied as bash, edit and webfetch; exec of an echo
// asks (a tool agentmgr does not know, under a persona that restricts bash); status, which the
// persona names, runs.
func TestClaudeCodeEndToEnd(t *testing.T) {
	sb := newClaudeSandbox(t)
	proj, victim := sb.proj, sb.victim
	writeJSONFile(t, filepath.Join(proj, ".claude", "settings.json"), readmeHooks(t))
	writeJSONFile(t, filepath.Join(sb.agentDir, "agent-manager", "state.json"), map[string]any{"active": "e2e"})
	testfiles.Write(t, filepath.Join(sb.agentDir, "agents", "cleaner.md"), cleanerForE2E)
	testfiles.Write(t, filepath.Join(proj, ".claude", "agents", "cleaner.md"), cleanerAgent)
	testfiles.Write(t, filepath.Join(proj, ".claude", "skills", "sweep", "SKILL.md"), "---\nname: sweep\ndescription: Sweeps\n---\nStatus: !`printf swept`\n")
	mcpDir := filepath.Join(sb.root, "mcp-calls")
	if err := os.MkdirAll(mcpDir, 0o755); err != nil {
		t.Fatal(err)
	}
	mcpConfig := filepath.Join(sb.root, "mcp.json")
	writeJSONFile(t, mcpConfig, map[string]any{"mcpServers": map[string]any{"srv": map[string]any{"command": sb.self, "env": map[string]any{runAsMCP: mcpDir}}}})

	api := newFakeAPI(
		fakeToolUse{ID: "toolu_e2e_bash", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "clean up"}},
		fakeToolUse{ID: "toolu_e2e_read", Name: "Read", Input: map[string]any{"file_path": filepath.Join(proj, "notes.txt")}},
		fakeToolUse{ID: "toolu_e2e_monitor", Name: "Monitor", Input: map[string]any{"command": "rm -rf victim", "description": "watch", "timeout_ms": 60000}},
		fakeToolUse{ID: "toolu_e2e_ask", Name: "Bash", Input: map[string]any{"command": "git push origin main", "description": "publish"}},
		fakeToolUse{ID: "toolu_e2e_touch", Name: "Bash", Input: map[string]any{"command": "touch main-made", "description": "make"}},
		fakeToolUse{ID: "toolu_e2e_agent", Name: "Agent", Input: map[string]any{"subagent_type": "cleaner", "description": "clean", "prompt": "ROUTE-CLEANER clean up"}},
		fakeToolUse{ID: "toolu_e2e_skill", Name: "Skill", Input: map[string]any{"skill": "sweep"}},
		// An MCP server's tools: what they would run, write or fetch is decided as bash, edit
		// and webfetch; one the persona does not name asks; one it names runs.
		fakeToolUse{ID: "toolu_e2e_mcp_exec", Name: "mcp__srv__exec", Input: map[string]any{"argv": []string{"rm", "-rf", "victim"}}},
		fakeToolUse{ID: "toolu_e2e_mcp_shell", Name: "mcp__srv__shell", Input: map[string]any{"command_line": "rm -rf victim"}},
		fakeToolUse{ID: "toolu_e2e_mcp_write", Name: "mcp__srv__write_file", Input: map[string]any{"path": filepath.Join(proj, "secret.txt"), "content": "x"}},
		fakeToolUse{ID: "toolu_e2e_mcp_fetch", Name: "mcp__srv__fetch", Input: map[string]any{"url": "https://blocked.example/x"}},
		fakeToolUse{ID: "toolu_e2e_mcp_echo", Name: "mcp__srv__exec", Input: map[string]any{"argv": []string{"echo", "hi"}}},
		fakeToolUse{ID: "toolu_e2e_mcp_status", Name: "mcp__srv__status", Input: map[string]any{}},
	).route("ROUTE-CLEANER",
		fakeToolUse{ID: "toolu_e2e_sub_touch", Name: "Bash", Input: map[string]any{"command": "touch sub-made", "description": "make"}},
		// cleaner allows rm; the session's persona does not: never looser than the caller.
		fakeToolUse{ID: "toolu_e2e_sub_rm", Name: "Bash", Input: map[string]any{"command": "rm -rf victim", "description": "clean"}},
		fakeToolUse{ID: "toolu_e2e_sub_agent", Name: "Agent", Input: map[string]any{"subagent_type": "general-purpose", "description": "nest", "prompt": "ROUTE-NESTED go"}},
	).route("ROUTE-NESTED",
		fakeToolUse{ID: "toolu_e2e_nest_touch", Name: "Bash", Input: map[string]any{"command": "touch nested-made", "description": "make"}},
	)
	out := sb.run(t, api, sb.onPath(t), "--mcp-config", mcpConfig)
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
		{"toolu_e2e_touch", "main thread touch (e2e allows it)", false, nil},
		{"toolu_e2e_sub_touch", "subagent cleaner's touch", true, []string{"cleaner creates nothing", `decided by persona "cleaner"`}},
		{"toolu_e2e_sub_rm", "subagent cleaner's rm (cleaner allows it, e2e does not)", true, []string{"nothing is deleted", `decided by persona "e2e"`}},
		{"toolu_e2e_nest_touch", "nested general-purpose agent's touch", true, []string{"cleaner creates nothing", "general-purpose is no persona"}},
		{"toolu_e2e_mcp_exec", "MCP exec argv rm", true, []string{`"rm *"`, "nothing is deleted"}},
		{"toolu_e2e_mcp_shell", "MCP shell command_line rm", true, []string{`"rm *"`}},
		{"toolu_e2e_mcp_write", "MCP write_file of a secret", true, []string{"no secrets"}},
		{"toolu_e2e_mcp_fetch", "MCP fetch of a blocked URL", true, []string{"blocked.example"}},
		{"toolu_e2e_mcp_echo", "MCP exec of an allowed command (the tool is unknown)", true, []string{"does not know", "refused"}},
		{"toolu_e2e_mcp_status", "MCP tool the persona names", false, []string{"mcp tool status ran"}},
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
	for _, f := range []string{"sub-made", "nested-made"} {
		if _, err := os.Stat(filepath.Join(proj, f)); err == nil {
			t.Errorf("the denied touch %s ran anyway", f)
		}
	}
	if _, err := os.Stat(filepath.Join(proj, "main-made")); err != nil {
		t.Errorf("the allowed touch of the main thread did not run: %v", err)
	}
	for _, tool := range []string{"exec", "shell", "write_file", "fetch"} {
		if _, err := os.Stat(filepath.Join(mcpDir, "called-"+tool)); err == nil {
			t.Errorf("the MCP tool %s ran although the gate did not allow it", tool)
		}
	}
	if r, ok := api.result("toolu_e2e_skill"); !ok || strings.Contains(r.Text, "swept") || api.sent("Status: swept") {
		t.Errorf("the skill's inline printf, which e2e denies, ran (its output reached the model) or the skill did not answer: %+v, %v", r, ok)
	}
	log, err := os.ReadFile(filepath.Join(sb.agentDir, "agent-manager", "log", "review.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"tool":"Bash","permission":"bash","values":["rm -rf victim"],"action":"deny"`,
		`"tool":"Read"`, `"agent_id":"`, `"tool":"skill sweep: Bash","permission":"bash","values":["printf swept"],"action":"deny"`} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the review log lacks %s:\n%s", want, log)
		}
	}
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, path, string(b))
}

// claudeSandbox is an isolated home and config for the real Claude Code, and a trusted git
// project in which it runs: the persona e2e in the agent dir, a victim folder that must be
// kept, and a file to read. An untrusted project ignores its settings' permissions (hooks
// still run), so the project is trusted in both places Claude Code looks.
type claudeSandbox struct {
	sandboxHome
	claude, config string
}

func newClaudeSandbox(t *testing.T) *claudeSandbox {
	t.Helper()
	sb := &claudeSandbox{claude: e2etest.Claude.Find(t), sandboxHome: newSandboxHome(t)}
	sb.config = filepath.Join(sb.home, ".claude")
	for _, d := range []string{sb.config, filepath.Join(sb.agentDir, "agents"), filepath.Join(sb.proj, ".git"), filepath.Join(sb.proj, ".claude"), sb.victim} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	testfiles.Write(t, filepath.Join(sb.agentDir, "agents", "e2e.md"), e2ePersona)
	testfiles.Write(t, filepath.Join(sb.victim, "keep.txt"), "precious\n")
	testfiles.Write(t, filepath.Join(sb.proj, "notes.txt"), "hello from the project\n")
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
