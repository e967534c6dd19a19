package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// codexRuntime runs codex exec in the project against the scripted Responses API, offline.
// Codex runs without its sandbox, so that agentmgr's hook is all that stands between the model
// and the project.
func codexRuntime(codexBin string) hookedRuntime {
	return hookedRuntime{
		name: "codex",
		api:  func(calls ...fakeCall) fakeModel { return newFakeResponses(calls...) },
		shell: func(id, command string) fakeCall {
			return fakeCall{ID: id, Name: "exec_command", Args: map[string]any{"cmd": command}}
		},
		command: func(ctx context.Context, sb *runtimeSandbox, api string) *exec.Cmd {
			cmd := exec.CommandContext(ctx, codexBin, "exec", "--skip-git-repo-check", "-s", "danger-full-access", "-m", "gpt-5.5",
				"-c", `model_provider="fake"`,
				"-c", `model_providers.fake={name="fake", base_url="`+api+`/v1", wire_api="responses"}`,
				"Tidy up the project.")
			cmd.Dir, cmd.Env = sb.proj, sb.env()
			return cmd
		},
	}
}

// TestCodexEndToEnd runs the real Codex (codex exec, offline against a scripted Responses API)
// with the hook the README's setup installs: a denied command does not run and an allowed one
// does; an asked one is refused with nobody to answer; a patch adding a protected file writes
// nothing while an allowed patch writes; a shell started on a terminal is refused, so that
// typing into it cannot run the denied rm; agentmgr use switches the persona for the next
// call. A second run asks the app, which allows one call and rejects another; a third runs
// with agentmgr gone, and the hook's own fallback blocks the call.
func TestCodexEndToEnd(t *testing.T) {
	codex := codexRuntime(e2etest.Codex.Find(t))
	sb := newRuntimeSandbox(t)
	if out := sb.readmeStep(t, "Hook it into Codex.", "codex"); !strings.Contains(out, "trusted it in") {
		t.Fatalf("the README's install did not trust the hook:\n%s", out)
	}
	if out := sb.agentmgr(t, "codex", "status"); !strings.Contains(out, "installed, enforcing") {
		t.Fatalf("codex status after install:\n%s", out)
	}

	out, answer := sb.runHooked(t, codex,
		fakeCall{ID: "c_rm", Name: "exec_command", Args: map[string]any{"cmd": "rm -r victim", "justification": "clean", "later_field": []any{1, "x"}}},
		fakeCall{ID: "c_touch", Name: "exec_command", Args: map[string]any{"cmd": "touch made"}},
		fakeCall{ID: "c_ask", Name: "exec_command", Args: map[string]any{"cmd": "touch asked-nobody"}},
		fakeCall{ID: "c_patch_secret", Name: "apply_patch", Input: "*** Begin Patch\n*** Add File: secrets/token.txt\n+leaked\n*** End Patch\n"},
		fakeCall{ID: "c_patch_ok", Name: "apply_patch", Input: "*** Begin Patch\n*** Add File: notes/ok.txt\n+fine\n*** End Patch\n"},
		fakeCall{ID: "c_shell", Name: "exec_command", Args: map[string]any{"cmd": "bash", "tty": true, "yield_time_ms": 500}},
		fakeCall{ID: "c_type", Name: "write_stdin", Args: map[string]any{"session_id": 1, "chars": "rm -r victim\n", "yield_time_ms": 500}},
		fakeCall{ID: "c_switched", Name: "exec_command", Args: map[string]any{"cmd": "touch after-switch"},
			Before: func() { sb.agentmgr(t, "use", "strict") }},
	)
	checkOutputs(t, out, answer, []outputCheck{
		{"c_rm", "rm (denied)", []string{"blocked", "nothing is deleted", `"rm *"`}, nil},
		{"c_ask", "touch asked-nobody (asked, nobody serving)", []string{"blocked", "nobody"}, nil},
		{"c_patch_secret", "apply_patch of secrets/token.txt", []string{"blocked", "no secrets"}, nil},
		{"c_shell", "bash on a terminal", []string{"blocked", "Command: bash"}, nil},
		{"c_switched", "touch after agentmgr use strict", []string{"blocked", "nothing is created"}, nil},
	})
	sb.checkScenarioFiles(t, out, "the denied rm ran, directly or typed into a shell", "apply_patch")

	sb.checkTheAppsAnswers(t, codex)
	sb.checkAgentmgrGone(t, codex)
}
