package main

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// runGemini runs gemini -p in the project against the scripted api, offline, with the tools
// Gemini CLI offers a headless run only in yolo mode (its own approvals then ask nothing, so
// agentmgr's hook is all that decides), and returns its output.
func (sb *runtimeSandbox) runGemini(t *testing.T, geminiBin string, api *fakeGemini) string {
	t.Helper()
	srv := httptest.NewServer(api)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // only stops a hang
	defer cancel()
	cmd := exec.CommandContext(ctx, geminiBin, "-p", "Tidy up the project.", "-m", "gemini-2.5-flash", "--approval-mode", "yolo")
	cmd.Dir = sb.proj
	cmd.Env = sb.env("GEMINI_API_KEY=dummy-key-for-a-fake-api", "GOOGLE_GEMINI_BASE_URL="+srv.URL, "GEMINI_CLI_TRUST_WORKSPACE=true", "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gemini -p failed: %v\n%s", err, tail(out))
	}
	for _, e := range api.errs {
		t.Errorf("fake API: %s", e)
	}
	return string(out)
}

// TestGeminiEndToEnd runs the real Gemini CLI (gemini -p, offline against a scripted Gemini
// API) with the hook the README's setup installs: a denied command does not run and an allowed
// one does, whatever unknown arguments come with it; an asked one is refused with nobody to
// answer (never asked: an ask would end the run); write_file to a protected path writes nothing
// while an allowed one writes; a fetch of a denied URL written in the prompt is blocked; agentmgr
// use switches the persona for the next call. A second run asks the app, which allows one call
// and rejects another; a third runs with agentmgr gone, and the hook's fallback blocks the call.
func TestGeminiEndToEnd(t *testing.T) {
	geminiBin := e2etest.Gemini(t)
	sb := newRuntimeSandbox(t)
	writeJSONFile(t, filepath.Join(sb.home, ".gemini", "settings.json"), map[string]any{
		"security": map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}},
	})
	sb.readmeStep(t, "Hook it into Codex.", "gemini")
	if out := sb.agentmgr(t, "gemini", "status"); !strings.Contains(out, "installed, enforcing") {
		t.Fatalf("gemini status after install:\n%s", out)
	}

	api := newFakeGemini(
		fakeCall{ID: "g_rm", Name: "run_shell_command", Args: map[string]any{"command": "rm -r victim", "description": "clean"}},
		fakeCall{ID: "g_touch", Name: "run_shell_command", Args: map[string]any{"command": "touch made", "description": "make", "later_field": map[string]any{"x": []any{1}}}},
		fakeCall{ID: "g_ask", Name: "run_shell_command", Args: map[string]any{"command": "touch asked-nobody"}},
		fakeCall{ID: "g_secret", Name: "write_file", Args: map[string]any{"file_path": "secrets/token.txt", "content": "leaked"}},
		fakeCall{ID: "g_ok", Name: "write_file", Args: map[string]any{"file_path": "notes/ok.txt", "content": "fine"}},
		fakeCall{ID: "g_fetch", Name: "web_fetch", Args: map[string]any{"prompt": "Summarise HTTPS://Blocked.Example/page please"}},
		fakeCall{ID: "g_switched", Name: "run_shell_command", Args: map[string]any{"command": "touch after-switch"},
			Before: func() { sb.agentmgr(t, "use", "strict") }},
	)
	out := sb.runGemini(t, geminiBin, api)
	checkOutputs(t, out, api.response, []outputCheck{
		{"g_rm", "rm (denied)", []string{"blocked", "nothing is deleted"}, nil},
		{"g_ask", "touch asked-nobody (asked, nobody serving)", []string{"blocked", "nobody"}, nil},
		{"g_secret", "write_file secrets/token.txt", []string{"blocked", "no secrets"}, nil},
		{"g_fetch", "web_fetch of a denied URL", []string{"blocked", "blocked.example"}, nil},
		{"g_switched", "touch after agentmgr use strict", []string{"blocked", "nothing is created"}, nil},
	})
	switch {
	case !sb.exists("victim/keep.txt"):
		t.Error("the denied rm ran")
	case !sb.exists("made"):
		t.Errorf("the allowed touch did not run\n%s", tail([]byte(out)))
	case sb.exists("asked-nobody"):
		t.Error("the asked touch ran although nobody answered")
	case sb.exists("secrets/token.txt"):
		t.Error("write_file wrote the protected file")
	case !sb.exists("notes/ok.txt"):
		t.Errorf("the allowed write_file did not write\n%s", tail([]byte(out)))
	case sb.exists("after-switch"):
		t.Error("the touch strict denies ran after agentmgr use strict")
	}

	sb.agentmgr(t, "use", "rt")
	e2etest.App(t, sb.agentDir, func(_ context.Context, p *inbox.Prompt) {
		kind := approvals.Reject
		if strings.Contains(p.Request.Value, "asked-yes") {
			kind = approvals.Once
		}
		_ = p.Reply(approvals.Reply{Kind: kind})
	})
	api = newFakeGemini(
		fakeCall{ID: "g_yes", Name: "run_shell_command", Args: map[string]any{"command": "touch asked-yes"}},
		fakeCall{ID: "g_no", Name: "run_shell_command", Args: map[string]any{"command": "touch asked-no"}},
	)
	out = sb.runGemini(t, geminiBin, api)
	checkOutputs(t, out, api.response, []outputCheck{{"g_no", "touch asked-no (rejected in the app)", []string{"blocked", "rejected"}, nil}})
	if !sb.exists("asked-yes") || sb.exists("asked-no") {
		t.Errorf("the app's answers were not followed: asked-yes made %v (want true), asked-no made %v (want false)", sb.exists("asked-yes"), sb.exists("asked-no"))
	}

	moved := filepath.Join(sb.root, "moved")
	if err := os.MkdirAll(moved, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	sb.agentmgr(t, "gemini", "install", "--binary", filepath.Join(moved, "agentmgr"))
	if err := os.Remove(filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	api = newFakeGemini(fakeCall{ID: "g_gone", Name: "run_shell_command", Args: map[string]any{"command": "touch while-gone"}})
	out = sb.runGemini(t, geminiBin, api)
	checkOutputs(t, out, api.response, []outputCheck{{"g_gone", "touch with agentmgr gone", []string{"missing or failed"}, nil}})
	if sb.exists("while-gone") {
		t.Error("the call ran while agentmgr was missing")
	}
}
