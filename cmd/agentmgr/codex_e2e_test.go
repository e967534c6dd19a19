package main

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// runtimePersona is the persona the Codex and Gemini CLI end-to-end tests make active: it runs
// commands but never rm, asks before touching asked-*, and cannot write secrets/.
const runtimePersona = `---
name: rt
description: Runs commands, never deletes, never writes secrets
permissions:
  "*": allow
  bash:
    "rm *": {action: deny, reason: "rt persona: nothing is deleted"}
    "touch asked*": ask
  edit:
    "secrets/*": {action: deny, reason: "rt persona: no secrets"}
  webfetch:
    "https://blocked.example/*": deny
---
Test.
`

// strictPersona denies touch: the tests switch to it with agentmgr use between two calls.
const strictPersona = `---
name: strict
description: Creates nothing
permissions:
  "*": allow
  bash:
    "touch *": {action: deny, reason: "strict persona: nothing is created"}
---
Strict.
`

// runtimeSandbox is an isolated home with the personas rt (active) and strict, a project
// with a victim folder that must be kept, and agentmgr (this test binary) on PATH.
type runtimeSandbox struct {
	self, root, home, agentDir, proj, victim, bin string
}

func newRuntimeSandbox(t *testing.T) *runtimeSandbox {
	t.Helper()
	sb := &runtimeSandbox{}
	var err error
	if sb.self, err = os.Executable(); err != nil {
		t.Fatal(err)
	}
	if sb.root, err = filepath.EvalSymlinks(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	sb.home = filepath.Join(sb.root, "home")
	sb.agentDir = filepath.Join(sb.home, ".pi", "agent")
	sb.proj = filepath.Join(sb.root, "proj")
	sb.victim = filepath.Join(sb.proj, "victim")
	sb.bin = filepath.Join(sb.root, "bin")
	writeTestFile(t, filepath.Join(sb.agentDir, "agents", "rt.md"), runtimePersona)
	writeTestFile(t, filepath.Join(sb.agentDir, "agents", "strict.md"), strictPersona)
	writeJSONFile(t, filepath.Join(sb.agentDir, "agent-manager", "state.json"), map[string]any{"active": "rt"})
	writeTestFile(t, filepath.Join(sb.victim, "keep.txt"), "precious\n")
	if err := os.MkdirAll(sb.bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(sb.bin, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	return sb
}

// env is the environment the runtime and agentmgr run in: the sandbox's home, agentmgr on
// PATH, and this test binary acting as agentmgr.
func (sb *runtimeSandbox) env(extra ...string) []string {
	return append([]string{
		"HOME=" + sb.home, "PATH=" + sb.bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"PI_CODING_AGENT_DIR=" + sb.agentDir, runAsCLI + "=1", "LANG=C.UTF-8",
	}, extra...)
}

// agentmgr runs agentmgr (this test binary) with args as the person would, in the project.
func (sb *runtimeSandbox) agentmgr(t *testing.T, args ...string) string {
	t.Helper()
	return e2etest.Run(t, filepath.Join(sb.bin, "agentmgr"), sb.proj, sb.env(), args...)
}

// readmeStep runs the commands of the README's setup step that starts with title, verbatim,
// in a shell, as a user pastes them.
func (sb *runtimeSandbox) readmeStep(t *testing.T, title, program string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	at := strings.Index(text, title)
	if at < 0 {
		t.Fatalf("the README has no step %q", title)
	}
	step := text[at:]
	if end := strings.Index(step, "\n\n"); end > 0 {
		step = step[:end]
	}
	var cmds []string
	for _, m := range regexp.MustCompile("`(agentmgr [a-z]+ install)`").FindAllStringSubmatch(step, -1) {
		if strings.Contains(m[1], program) {
			cmds = append(cmds, m[1])
		}
	}
	if len(cmds) != 1 {
		t.Fatalf("the README's step %q names %q, want one install command for %s", title, cmds, program)
	}
	cmd := exec.Command("sh", "-c", cmds[0])
	cmd.Dir, cmd.Env = sb.proj, sb.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmds[0], err, out)
	}
	return string(out)
}

// runCodex runs codex exec in the project against the scripted api, offline, and returns
// its output. Codex runs without its sandbox, so that agentmgr's hook is all that stands
// between the model and the project.
func (sb *runtimeSandbox) runCodex(t *testing.T, codexBin string, api *fakeResponses) string {
	t.Helper()
	srv := httptest.NewServer(api)
	defer srv.Close()
	// The deadline only stops a hung run; no assertion depends on how long anything takes.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, codexBin, "exec", "--skip-git-repo-check", "-s", "danger-full-access", "-m", "gpt-5.5",
		"-c", `model_provider="fake"`,
		"-c", `model_providers.fake={name="fake", base_url="`+srv.URL+`/v1", wire_api="responses"}`,
		"Tidy up the project.")
	cmd.Dir, cmd.Env = sb.proj, sb.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("codex exec failed: %v\n%s", err, tail(out))
	}
	for _, e := range api.errs {
		t.Errorf("fake API: %s", e)
	}
	return string(out)
}

// outputCheck is what Codex must have answered to one call.
type outputCheck struct {
	id, what string
	has      []string // parts of the output
	lacks    []string
}

func checkOutputs(t *testing.T, out string, get func(string) (string, bool), checks []outputCheck) {
	t.Helper()
	for _, c := range checks {
		text, ok := get(c.id)
		if !ok {
			t.Errorf("%s: no output came back\n%s", c.what, tail([]byte(out)))
			continue
		}
		for _, s := range c.has {
			if !strings.Contains(text, s) {
				t.Errorf("%s: output %q lacks %q", c.what, text, s)
			}
		}
		for _, s := range c.lacks {
			if strings.Contains(text, s) {
				t.Errorf("%s: output %q holds %q", c.what, text, s)
			}
		}
	}
}

func (sb *runtimeSandbox) exists(name string) bool {
	_, err := os.Stat(filepath.Join(sb.proj, name))
	return err == nil
}

// TestCodexEndToEnd runs the real Codex (codex exec, offline against a scripted Responses API)
// with the hook the README's setup installs: a denied command does not run and an allowed one
// does; an asked one is refused with nobody to answer; a patch adding a protected file writes
// nothing while an allowed patch writes; a shell started on a terminal is refused, so that
// typing into it cannot run the denied rm; agentmgr use switches the persona for the next
// call. A second run asks the app, which allows one call and rejects another; a third runs
// with agentmgr gone, and the hook's own fallback blocks the call.
func TestCodexEndToEnd(t *testing.T) {
	codexBin := e2etest.Codex(t)
	sb := newRuntimeSandbox(t)
	if out := sb.readmeStep(t, "Hook it into Codex.", "codex"); !strings.Contains(out, "trusted it in") {
		t.Fatalf("the README's install did not trust the hook:\n%s", out)
	}
	if out := sb.agentmgr(t, "codex", "status"); !strings.Contains(out, "installed, enforcing") {
		t.Fatalf("codex status after install:\n%s", out)
	}

	api := newFakeResponses(
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
	out := sb.runCodex(t, codexBin, api)
	checkOutputs(t, out, api.output, []outputCheck{
		{"c_rm", "rm (denied)", []string{"blocked", "nothing is deleted", `"rm *"`}, nil},
		{"c_ask", "touch asked-nobody (asked, nobody serving)", []string{"blocked", "nobody"}, nil},
		{"c_patch_secret", "apply_patch of secrets/token.txt", []string{"blocked", "no secrets"}, nil},
		{"c_shell", "bash on a terminal", []string{"blocked", "Command: bash"}, nil},
		{"c_switched", "touch after agentmgr use strict", []string{"blocked", "nothing is created"}, nil},
	})
	switch {
	case !sb.exists("victim/keep.txt"):
		t.Error("the denied rm ran, directly or typed into a shell")
	case !sb.exists("made"):
		t.Errorf("the allowed touch did not run\n%s", tail([]byte(out)))
	case sb.exists("asked-nobody"):
		t.Error("the asked touch ran although nobody answered")
	case sb.exists("secrets/token.txt"):
		t.Error("the patch wrote the protected file")
	case !sb.exists("notes/ok.txt"):
		t.Errorf("the allowed patch did not write\n%s", tail([]byte(out)))
	case sb.exists("after-switch"):
		t.Error("the touch strict denies ran after agentmgr use strict")
	}

	// The app answers: the person allows one asked call and rejects the other.
	sb.agentmgr(t, "use", "rt")
	e2etest.App(t, sb.agentDir, func(_ context.Context, p *inbox.Prompt) {
		kind := approvals.Reject
		if strings.Contains(p.Request.Value, "asked-yes") {
			kind = approvals.Once
		}
		_ = p.Reply(approvals.Reply{Kind: kind})
	})
	api = newFakeResponses(
		fakeCall{ID: "c_yes", Name: "exec_command", Args: map[string]any{"cmd": "touch asked-yes"}},
		fakeCall{ID: "c_no", Name: "exec_command", Args: map[string]any{"cmd": "touch asked-no"}},
	)
	out = sb.runCodex(t, codexBin, api)
	checkOutputs(t, out, api.output, []outputCheck{{"c_no", "touch asked-no (rejected in the app)", []string{"blocked", "rejected"}, nil}})
	if !sb.exists("asked-yes") || sb.exists("asked-no") {
		t.Errorf("the app's answers were not followed: asked-yes made %v (want true), asked-no made %v (want false)", sb.exists("asked-yes"), sb.exists("asked-no"))
	}

	// agentmgr is gone: the hook's fallback blocks the call instead of Codex running it.
	moved := filepath.Join(sb.root, "moved")
	if err := os.MkdirAll(moved, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	sb.agentmgr(t, "codex", "install", "--binary", filepath.Join(moved, "agentmgr"))
	if err := os.Remove(filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	if out := sb.agentmgr(t, "codex", "status"); !strings.Contains(out, "which is gone") {
		t.Errorf("codex status with the binary gone:\n%s", out)
	}
	api = newFakeResponses(fakeCall{ID: "c_gone", Name: "exec_command", Args: map[string]any{"cmd": "touch while-gone"}})
	out = sb.runCodex(t, codexBin, api)
	checkOutputs(t, out, api.output, []outputCheck{{"c_gone", "touch with agentmgr gone", []string{"blocked", "missing or failed"}, nil}})
	if sb.exists("while-gone") {
		t.Error("the call ran while agentmgr was missing")
	}
}
