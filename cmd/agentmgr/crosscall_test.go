package main

import (
	"strings"
	"testing"
)

// Through `agentmgr gate` as each runtime's hook runs it, one process per call: a Makefile the
// agent wrote makes the next make ask, naming it. Claude Code shows that ask in its own prompt,
// which is the one ask (agentmgr does not see the answer); Codex and Gemini CLI cannot show an
// ask, so with nobody serving the app make is denied, and stays so.
func TestGateAsksBeforeMakeRunsAWrittenMakefile(t *testing.T) {
	shortGrace(t)
	const why = "Makefile was written by the agent in this session; make runs it"
	t.Run("claude", func(t *testing.T) {
		testEnv(t, "")
		write := runGateCmd(claudeEvent("/p", "Write", `{"file_path":"/p/Makefile","content":"all:\n"}`), "claude", "--agent", "builder")
		if !strings.Contains(write, `"permissionDecision":"allow"`) {
			t.Fatalf("the Write = %s, want allow", write)
		}
		mk := runGateCmd(claudeEvent("/p", "Bash", `{"command":"make test"}`), "claude", "--agent", "builder")
		if !strings.Contains(mk, `"permissionDecision":"ask"`) || !strings.Contains(mk, why) {
			t.Fatalf("make after the Write = %s, want ask naming the Makefile", mk)
		}
		if again := runGateCmd(claudeEvent("/p", "Bash", `{"command":"make test"}`), "claude", "--agent", "builder"); !strings.Contains(again, `"permissionDecision":"allow"`) {
			t.Errorf("make after Claude Code asked = %s, want allow", again)
		}
		other := strings.Replace(claudeEvent("/p", "Bash", `{"command":"make test"}`), `"s1"`, `"s2"`, 1)
		if got := runGateCmd(other, "claude", "--agent", "builder"); !strings.Contains(got, `"permissionDecision":"allow"`) {
			t.Errorf("make in another session = %s, want allow", got)
		}
	})
	t.Run("codex", func(t *testing.T) {
		testEnv(t, "")
		patch := `{"command":"*** Begin Patch\n*** Add File: Makefile\n+all:\n*** End Patch\n"}`
		if write := runGateCmd(codexEvent("", "apply_patch", patch), "codex", "--agent", "builder"); strings.TrimSpace(write) != "" {
			t.Fatalf("the patch = %s, want allow (nothing printed)", write)
		}
		for i := range 2 {
			if mk := runGateCmd(codexEvent("", "Bash", `{"command":"make"}`), "codex", "--agent", "builder"); !strings.Contains(mk, "deny") || !strings.Contains(mk, why) {
				t.Fatalf("make %d after the patch = %s, want a deny naming the Makefile", i+1, mk)
			}
		}
	})
	t.Run("gemini", func(t *testing.T) {
		testEnv(t, "")
		event := func(tool, input string) string {
			return `{"session_id":"g1","cwd":"/p","hook_event_name":"BeforeTool","timestamp":"2026-12-02T05:00:00.000Z","tool_name":"` + tool + `","tool_input":` + input + `}`
		}
		if write := runGateCmd(event("write_file", `{"file_path":"Makefile","content":"all:\n"}`), "gemini", "--agent", "builder"); strings.Contains(write, "deny") {
			t.Fatalf("the write_file = %s, want allow", write)
		}
		if mk := runGateCmd(event("run_shell_command", `{"command":"make"}`), "gemini", "--agent", "builder"); !strings.Contains(mk, "deny") || !strings.Contains(mk, why) {
			t.Fatalf("make after the write = %s, want a deny naming the Makefile", mk)
		}
	})
}
