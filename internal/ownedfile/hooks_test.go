package ownedfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testHook is a hook of agentmgr's for binary.
func testHook(binary string) Hook {
	return Hook{Event: "PreToolUse", Matcher: "*", Timeout: 130, Mark: "gate codex",
		Command: HookCommand(binary, "gate codex", "Codex", "`agentmgr codex install`")}
}

// othersHooks is a hooks file with someone else's groups around which agentmgr's goes.
const othersHooks = `{
  "comment": "kept",
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh", "timeout": 5}]}
    ],
    "Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]
  },
  "zzz": [1, 2]
}
`

func TestInstallHook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hooks.json")
	if err := os.WriteFile(path, []byte(othersHooks), 0o644); err != nil {
		t.Fatal(err)
	}
	outcome, at, err := InstallHook(path, testHook("/opt/a/agentmgr"))
	if err != nil || outcome != Written || at.Group != 1 || at.Handler != 0 {
		t.Fatalf("first install: %s at %+v (%v), want installed as group 1, handler 0", outcome, at, err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{`"comment": "kept"`, `"command": "audit.sh"`, `"Stop"`, `"zzz"`, `'/opt/a/agentmgr' gate codex || {`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the file lacks %s:\n%s", want, data)
		}
	}
	if strings.Index(string(data), `"comment"`) > strings.Index(string(data), `"zzz"`) {
		t.Errorf("the keys' order changed:\n%s", data)
	}
	if outcome, _, err := InstallHook(path, testHook("/opt/a/agentmgr")); err != nil || outcome != Unchanged {
		t.Errorf("second install: %s (%v), want unchanged", outcome, err)
	}
	// The binary moved: the handler is rewritten where it stands, so no group moves.
	outcome, at, err = InstallHook(path, testHook("/opt/b/agentmgr"))
	if err != nil || outcome != Updated || at.Group != 1 {
		t.Fatalf("install after a move: %s at %+v (%v), want updated in group 1", outcome, at, err)
	}
	if p, found, _ := FindHook(path, testHook("")); !found || !strings.Contains(p.Command, "/opt/b/agentmgr") || strings.Contains(p.Command, "/opt/a/") {
		t.Errorf("FindHook after the move: %+v %v, want the new binary only", p, found)
	}
	if removed, err := UninstallHook(path, testHook("")); err != nil || !removed {
		t.Fatalf("uninstall: %v %v", removed, err)
	}
	data, _ = os.ReadFile(path)
	if strings.Contains(string(data), "gate codex") || !strings.Contains(string(data), "audit.sh") || !strings.Contains(string(data), `"Stop"`) {
		t.Errorf("after uninstall:\n%s", data)
	}
	if removed, err := UninstallHook(path, testHook("")); err != nil || removed {
		t.Errorf("second uninstall: %v %v, want nothing removed", removed, err)
	}
}

func TestInstallHookFiles(t *testing.T) {
	tests := []struct {
		name, content string
		err           string // "" when install succeeds
	}{
		{"a missing file is made", "", ""},
		{"an empty file is filled", " \n", ""},
		{"a file that is not JSON is left alone", "{hooks: [", "not a JSON object"},
		{"a list of events is left alone", `{"hooks": []}`, `"hooks" is not an object`},
		{"an event that is no list is left alone", `{"hooks": {"PreToolUse": {}}}`, "not a list of groups"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "hooks.json")
			if tt.content != "" {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, _, err := InstallHook(path, testHook("/opt/agentmgr"))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("install: %v, want error %q", err, tt.err)
			}
			if tt.err != "" {
				if data, _ := os.ReadFile(path); string(data) != tt.content {
					t.Errorf("a file install refused was changed to %q", data)
				}
				return
			}
			// What install alone wrote goes with uninstall.
			if _, err := UninstallHook(path, testHook("")); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a file holding only agentmgr's hook was left after uninstall: %v", err)
			}
		})
	}
}

// TestHookCommandFailsClosed runs the command line HookCommand writes in sh: the runtime's
// call is blocked (exit status 2, a reason on stderr) when the binary is missing or fails
// without answering, and the binary's own answer stands otherwise.
func TestHookCommandFailsClosed(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, binary string
		code         int
		stdout       string
		stderr       string
	}{
		{"an allow passes", script("allow", "cat >/dev/null; exit 0"), 0, "", ""},
		{"a deny passes", script("deny", `cat >/dev/null; echo '{"decision":"deny"}'`), 0, `{"decision":"deny"}`, ""},
		{"a failure blocks", script("fail", "exit 1"), 2, "", "is missing or failed"},
		{"a missing binary blocks", filepath.Join(dir, "gone", "agent'mgr"), 2, "", "agent'mgr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command("sh", "-c", HookCommand(tt.binary, "gate codex", "Codex", "`agentmgr codex install`"))
			cmd.Stdin = strings.NewReader(`{"tool_name":"Bash"}`)
			var out, errb strings.Builder
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.code || strings.TrimSpace(out.String()) != tt.stdout || !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, stderr with %q", code, out.String(), errb.String(), tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

func TestHookBinary(t *testing.T) {
	for _, bin := range []string{"/usr/bin/agentmgr", "/home/o'brien/bin/agentmgr", "/a b/agentmgr"} {
		if got := HookBinary(HookCommand(bin, "gate gemini", "Gemini CLI", "x")); got != bin {
			t.Errorf("HookBinary(HookCommand(%q)) = %q", bin, got)
		}
	}
	if got := HookBinary("agentmgr gate codex"); got != "" {
		t.Errorf("HookBinary of an unquoted command = %q, want none", got)
	}
}
