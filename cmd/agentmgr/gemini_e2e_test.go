package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// geminiRuntime runs gemini -p in the project against the scripted Gemini API, offline, with
// the tools Gemini CLI offers a headless run only in yolo mode (its own approvals then ask
// nothing, so agentmgr's hook is all that decides).
func geminiRuntime(geminiBin string) hookedRuntime {
	return hookedRuntime{
		name: "gemini",
		api:  func(calls ...fakeCall) fakeModel { return newFakeGemini(calls...) },
		shell: func(id, command string) fakeCall {
			return fakeCall{ID: id, Name: "run_shell_command", Args: map[string]any{"command": command}}
		},
		command: func(ctx context.Context, sb *runtimeSandbox, api string) *exec.Cmd {
			cmd := exec.CommandContext(ctx, geminiBin, "-p", "Tidy up the project.", "-m", "gemini-2.5-flash", "--approval-mode", "yolo")
			cmd.Dir = sb.proj
			cmd.Env = sb.env("GEMINI_API_KEY=dummy-key-for-a-fake-api", "GOOGLE_GEMINI_BASE_URL="+api, "GEMINI_CLI_TRUST_WORKSPACE=true", "NO_COLOR=1")
			return cmd
		},
	}
}

// TestGeminiEndToEnd runs the real Gemini CLI (gemini -p, offline against a scripted Gemini
// API) with the hook the README's setup installs: a denied command does not run and an allowed
// one does, whatever unknown arguments come with it; an asked one is refused with nobody to
// answer (never asked: an ask would end the run); write_file to a protected path writes nothing
// while an allowed one writes; a fetch of a denied URL written in the prompt is blocked; agentmgr
// use switches the persona for the next call. A second run asks the app, which allows one call
// and rejects another; a third runs with agentmgr gone, and the hook's fallback blocks the call.
func TestGeminiEndToEnd(t *testing.T) {
	gemini := geminiRuntime(e2etest.Gemini.Find(t))
	sb := newRuntimeSandbox(t)
	writeJSONFile(t, filepath.Join(sb.home, ".gemini", "settings.json"), map[string]any{
		"security": map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}},
	})
	sb.readmeStep(t, "Hook it into Codex.", "gemini")
	if out := sb.agentmgr(t, "gemini", "status"); !strings.Contains(out, "installed, enforcing") {
		t.Fatalf("gemini status after install:\n%s", out)
	}

	out, answer := sb.runHooked(t, gemini,
		fakeCall{ID: "g_rm", Name: "run_shell_command", Args: map[string]any{"command": "rm -r victim", "description": "clean"}},
		fakeCall{ID: "g_touch", Name: "run_shell_command", Args: map[string]any{"command": "touch made", "description": "make", "later_field": map[string]any{"x": []any{1}}}},
		fakeCall{ID: "g_ask", Name: "run_shell_command", Args: map[string]any{"command": "touch asked-nobody"}},
		fakeCall{ID: "g_secret", Name: "write_file", Args: map[string]any{"file_path": "secrets/token.txt", "content": "leaked"}},
		fakeCall{ID: "g_ok", Name: "write_file", Args: map[string]any{"file_path": "notes/ok.txt", "content": "fine"}},
		fakeCall{ID: "g_fetch", Name: "web_fetch", Args: map[string]any{"prompt": "Summarise HTTPS://Blocked.Example/page please"}},
		fakeCall{ID: "g_switched", Name: "run_shell_command", Args: map[string]any{"command": "touch after-switch"},
			Before: func() { sb.agentmgr(t, "use", "strict") }},
	)
	checkOutputs(t, out, answer, []outputCheck{
		{"g_rm", "rm (denied)", []string{"blocked", "nothing is deleted"}, nil},
		{"g_ask", "touch asked-nobody (asked, nobody serving)", []string{"blocked", "nobody"}, nil},
		{"g_secret", "write_file secrets/token.txt", []string{"blocked", "no secrets"}, nil},
		{"g_fetch", "web_fetch of a denied URL", []string{"blocked", "blocked.example"}, nil},
		{"g_switched", "touch after agentmgr use strict", []string{"blocked", "nothing is created"}, nil},
	})
	sb.checkScenarioFiles(t, out, "the denied rm ran", "write_file")

	sb.checkTheAppsAnswers(t, gemini)
	sb.checkAgentmgrGone(t, gemini)
}
