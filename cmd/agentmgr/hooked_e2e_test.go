package main

import (
	"context"
	"net/http"
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
	"github.com/agentmgr/agentmgr/internal/testfiles"
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
	sandboxHome
	bin string
}

func newRuntimeSandbox(t *testing.T) *runtimeSandbox {
	t.Helper()
	sb := &runtimeSandbox{sandboxHome: newSandboxHome(t)}
	testfiles.Write(t, filepath.Join(sb.agentDir, "agents", "rt.md"), runtimePersona)
	testfiles.Write(t, filepath.Join(sb.agentDir, "agents", "strict.md"), strictPersona)
	writeJSONFile(t, filepath.Join(sb.agentDir, "agent-manager", "state.json"), map[string]any{"active": "rt"})
	testfiles.Write(t, filepath.Join(sb.victim, "keep.txt"), "precious\n")
	sb.bin = sb.onPath(t)
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

// outputCheck is what the runtime must have answered to one call.
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

// checkScenarioFiles checks the files the Codex and Gemini CLI tests' calls leave in the
// project, out being the runtime's output: the denied rm kept victim/, the allowed touch made
// "made", the asked touch nobody answered made nothing, the tool writer did not write the
// protected secrets/token.txt but did write notes/ok.txt, and the touch after `agentmgr use
// strict` was denied. rmRan is the message when the rm ran.
func (sb *runtimeSandbox) checkScenarioFiles(t *testing.T, out, rmRan, writer string) {
	t.Helper()
	switch {
	case !sb.exists("victim/keep.txt"):
		t.Error(rmRan)
	case !sb.exists("made"):
		t.Errorf("the allowed touch did not run\n%s", tail([]byte(out)))
	case sb.exists("asked-nobody"):
		t.Error("the asked touch ran although nobody answered")
	case sb.exists("secrets/token.txt"):
		t.Errorf("%s wrote the protected file", writer)
	case !sb.exists("notes/ok.txt"):
		t.Errorf("the allowed %s did not write\n%s", writer, tail([]byte(out)))
	case sb.exists("after-switch"):
		t.Error("the touch strict denies ran after agentmgr use strict")
	}
}

// hookedRuntime is what the Codex and Gemini CLI end-to-end tests differ by. Both install
// agentmgr's hook into a runtime that runs offline against a scripted model API, in a
// runtimeSandbox, and check the same things of it: the app's answers followed, and a hook whose
// agentmgr is gone blocking the call.
type hookedRuntime struct {
	name    string                                                              // its agentmgr subcommand: codex, gemini
	api     func(calls ...fakeCall) fakeModel                                   // the model API, scripted to make calls
	shell   func(id, command string) fakeCall                                   // a call that runs command in a shell
	command func(ctx context.Context, sb *runtimeSandbox, api string) *exec.Cmd // the runtime, run on the API at URL api
}

// fakeModel is a scripted model API: fakeResponses or fakeGemini.
type fakeModel interface {
	http.Handler
	answer(id string) (string, bool)
	problems() []string
}

// runHooked runs rt in the project against its API scripted with calls, and returns its
// output and how to look up what it answered to each call.
func (sb *runtimeSandbox) runHooked(t *testing.T, rt hookedRuntime, calls ...fakeCall) (string, func(id string) (string, bool)) {
	t.Helper()
	api := rt.api(calls...)
	srv := httptest.NewServer(api)
	defer srv.Close()
	// The deadline only stops a hung run; no assertion depends on how long anything takes.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := rt.command(ctx, sb, srv.URL).CombinedOutput()
	if err != nil {
		t.Fatalf("%s failed: %v\n%s", rt.name, err, tail(out))
	}
	for _, e := range api.problems() {
		t.Errorf("fake API: %s", e)
	}
	return string(out), api.answer
}

// checkTheAppsAnswers runs rt with the app serving the asks: the person allows one asked call
// and rejects the other, and rt follows both answers.
func (sb *runtimeSandbox) checkTheAppsAnswers(t *testing.T, rt hookedRuntime) {
	t.Helper()
	sb.agentmgr(t, "use", "rt")
	e2etest.App(t, sb.agentDir, func(_ context.Context, p *inbox.Prompt) {
		kind := approvals.Reject
		if strings.Contains(p.Request.Value, "asked-yes") {
			kind = approvals.Once
		}
		_ = p.Reply(approvals.Reply{Kind: kind})
	})
	out, answer := sb.runHooked(t, rt, rt.shell(rt.name+"_yes", "touch asked-yes"), rt.shell(rt.name+"_no", "touch asked-no"))
	checkOutputs(t, out, answer, []outputCheck{{rt.name + "_no", "touch asked-no (rejected in the app)", []string{"blocked", "rejected"}, nil}})
	if !sb.exists("asked-yes") || sb.exists("asked-no") {
		t.Errorf("the app's answers were not followed: asked-yes made %v (want true), asked-no made %v (want false)", sb.exists("asked-yes"), sb.exists("asked-no"))
	}
}

// checkAgentmgrGone installs rt's hook with an agentmgr that is then removed: status says so,
// and the hook's own fallback blocks the next call instead of rt running it.
func (sb *runtimeSandbox) checkAgentmgrGone(t *testing.T, rt hookedRuntime) {
	t.Helper()
	moved := filepath.Join(sb.root, "moved")
	if err := os.MkdirAll(moved, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	sb.agentmgr(t, rt.name, "install", "--binary", filepath.Join(moved, "agentmgr"))
	if err := os.Remove(filepath.Join(moved, "agentmgr")); err != nil {
		t.Fatal(err)
	}
	if out := sb.agentmgr(t, rt.name, "status"); !strings.Contains(out, "which is gone") {
		t.Errorf("%s status with the binary gone:\n%s", rt.name, out)
	}
	out, answer := sb.runHooked(t, rt, rt.shell(rt.name+"_gone", "touch while-gone"))
	checkOutputs(t, out, answer, []outputCheck{{rt.name + "_gone", "touch with agentmgr gone", []string{"blocked", "missing or failed"}, nil}})
	if sb.exists("while-gone") {
		t.Error("the call ran while agentmgr was missing")
	}
}
