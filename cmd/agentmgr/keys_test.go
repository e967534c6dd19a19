package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// keysRun runs agentmgr with the agent dir set to dir and returns the exit
// code, stdout and stderr.
func keysRun(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, cwd: dir,
		getenv: func(k string) string {
			if k == "PI_CODING_AGENT_DIR" {
				return dir
			}
			return ""
		}}
	code := run(args, e)
	return code, out.String(), errOut.String()
}

func keysFile(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "keybindings.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeKeysFile(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "keybindings.json"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestKeysExitCodesAndOutput(t *testing.T) {
	tests := []struct {
		name     string
		file     string // "" for no keybindings.json
		args     []string
		code     int
		stdout   []string // substrings
		stderr   []string
		noStdout bool
	}{
		{"list shows each action with its status", "", []string{"keys"}, 0,
			[]string{"not found: the defaults apply", "checked against pi 1.6.0",
				"ACTION                   KEY        FROM     STATUS",
				"piAgentManager.next      shift+tab  default  skipped: reserved for app.thinking.cycle",
				"piAgentManager.previous  alt+p      default  ok",
				"1 error, 0 warnings: run `agentmgr keys check`"}, nil, false},
		{"list shows where a key is set", `{"piAgentManager.picker": ["alt+a", "ctrl+n"]}`, []string{"keys"}, 0,
			[]string{"piAgentManager.picker    alt+a      file 1:28  ok", "                         ctrl+n     file 1:37  overrides app.session.toggleNamedFilter"}, nil, false},
		{"check fails on the default clash and prints the fixes", "", []string{"keys", "check"}, 1,
			[]string{`error: piAgentManager.next "shift+tab" (default): pi will skip this binding`,
				"  fix: rebind app.thinking.cycle to ctrl+shift+t (frees shift+tab)",
				"       agentmgr keys set app.thinking.cycle ctrl+shift+t",
				"1 error, 0 warnings (pi 1.6.0)"}, nil, false},
		{"check passes once the built-in moved", `{"app.thinking.cycle": "ctrl+shift+t"}`, []string{"keys", "check"}, 0,
			[]string{"no problems (pi 1.6.0)"}, nil, false},
		{"check warns without failing", `{"app.thinking.cycle": "ctrl+shift+t", "piAgentManager.picker": "ctrl+n"}`, []string{"keys", "check"}, 0,
			[]string{"warning: piAgentManager.picker \"ctrl+n\": this binding will override app.session.toggleNamedFilter", "0 errors, 1 warning"}, nil, false},
		{"check against an older pi", `{"app.thinking.cycle": "ctrl+shift+t", "piAgentManager.next": "ctrl+x"}`, []string{"keys", "check", "--pi-version", "0.73"}, 0,
			[]string{"override app.models.clearAll", "(pi 0.73.1)"}, nil, false},
		{"a version older than every table is a usage error", "", []string{"keys", "check", "--pi-version", "0.5"}, 2,
			nil, []string{"older than every keybinding table"}, true},
		{"broken JSON fails with its position", "{\n  \"a\": \n}", []string{"keys"}, 1,
			nil, []string{"keybindings.json:3:1: invalid JSON", "fix it first"}, true},
		{"unknown subcommand", "", []string{"keys", "sett"}, 2, nil, []string{`unknown keys subcommand "sett"`}, true},
		{"check takes no arguments", "", []string{"keys", "check", "x"}, 2, nil, []string{"takes no arguments"}, true},
		{"help", "", []string{"keys", "--help"}, 0, []string{"usage: agentmgr keys", "keys set ACTION KEY..."}, nil, false},
		{"set help", "", []string{"keys", "set", "-h"}, 0, []string{"usage: agentmgr keys set ACTION KEY...", "-force"}, nil, false},
		{"set needs a key", "", []string{"keys", "set", "next"}, 2, nil, []string{"at least one key"}, true},
		{"set rejects an invalid key with the reason", "", []string{"keys", "set", "next", "cmd+k"}, 2, nil, []string{`invalid key "cmd+k": unknown modifier "cmd"; pi calls it super`}, true},
		{"set rejects an unknown action", "", []string{"keys", "set", "nxt", "alt+n"}, 2, nil, []string{`unknown action "nxt"`}, true},
		{"unset takes one action", "", []string{"keys", "unset"}, 2, nil, []string{"takes one action"}, true},
		{"unset of an absent entry does nothing", "{}", []string{"keys", "unset", "picker"}, 0, []string{"has no entry", "nothing to do"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.file != "" {
				writeKeysFile(t, dir, tt.file)
			}
			code, out, errOut := keysRun(t, dir, tt.args...)
			if code != tt.code {
				t.Errorf("agentmgr %v exit = %d, want %d\nstdout:\n%s\nstderr:\n%s", tt.args, code, tt.code, out, errOut)
			}
			for _, want := range tt.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("agentmgr %v stdout lacks %q:\n%s", tt.args, want, out)
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("agentmgr %v stderr lacks %q:\n%s", tt.args, want, errOut)
				}
			}
			if tt.noStdout && out != "" {
				t.Errorf("agentmgr %v printed on stdout on failure:\n%s", tt.args, out)
			}
		})
	}
}

func TestKeysJSON(t *testing.T) {
	dir := t.TempDir()
	writeKeysFile(t, dir, `{"piAgentManager.next": "ctrl+shift+p"}`)
	code, out, _ := keysRun(t, dir, "keys", "check", "--json")
	if code != 1 {
		t.Errorf("keys check --json exit = %d, want 1 (the file has an error)", code)
	}
	var got struct {
		File     string `json:"file"`
		Exists   bool   `json:"exists"`
		Pi       string `json:"pi"`
		Errors   int    `json:"errors"`
		Findings []struct {
			Kind  string `json:"kind"`
			Fixes []struct {
				ID   string   `json:"id"`
				Keys []string `json:"keys"`
			} `json:"fixes"`
		} `json:"findings"`
		Actions []struct {
			ID   string `json:"id"`
			Keys []struct {
				Key    string `json:"key"`
				Status string `json:"status"`
			} `json:"keys"`
		} `json:"actions"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("keys check --json is not JSON: %v\n%s", err, out)
	}
	if !got.Exists || got.Pi != "1.6.0" || got.Errors != 1 || len(got.Findings) != 1 || got.Findings[0].Kind != "reserved-override" ||
		len(got.Findings[0].Fixes) == 0 || got.Actions[0].Keys[0].Status != "overrides" || filepath.Base(got.File) != "keybindings.json" {
		t.Errorf("keys check --json = %+v", got)
	}
	code, out, _ = keysRun(t, dir, "keys", "--json")
	if code != 0 || !json.Valid([]byte(out)) {
		t.Errorf("keys --json exit %d, output:\n%s", code, out)
	}
}

func TestKeysSetAndUnset(t *testing.T) {
	dir := t.TempDir()
	original := "{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\"\n}\n"
	writeKeysFile(t, dir, original)

	steps := []struct {
		args []string
		code int
		out  string // substring of stdout+stderr
		file string // the whole file afterwards
	}{
		{[]string{"keys", "set", "next", "ctrl+shift+p"}, 1, "not saved", original},
		{[]string{"keys", "set", "app.thinking.cycle", "Shift+Ctrl+T"}, 0, "app.thinking.cycle = ctrl+shift+t (saved in",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\"\n}\n"},
		{[]string{"keys", "set", "picker", "alt+a", "ctrl+;"}, 0, "piAgentManager.picker = alt+a 'ctrl+;'",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"]\n}\n"},
		{[]string{"keys", "set", "piAgentManager.picker", "alt+a", "ctrl+;"}, 0, "already",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"]\n}\n"},
		{[]string{"keys", "set", "previous", "alt+a"}, 1, "one key cannot run two actions",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"]\n}\n"},
		{[]string{"keys", "set", "previous", "alt+a", "--force"}, 0, "one key cannot run two actions",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"],\n    \"piAgentManager.previous\": \"alt+a\"\n}\n"},
		{[]string{"keys", "set", "previous", "none"}, 0, "disabled by []",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"],\n    \"piAgentManager.previous\": []\n}\n"},
		{[]string{"keys", "unset", "previous"}, 0, "the default applies: alt+p",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\",\n    \"piAgentManager.picker\": [\"alt+a\", \"ctrl+;\"]\n}\n"},
		{[]string{"keys", "unset", "picker"}, 0, "the default applies: alt+a",
			"{\n    \"$schema\": \"https://example.invalid/s.json\",\n    \"myext.go\":   \"ctrl+e\",\n    \"app.thinking.cycle\": \"ctrl+shift+t\"\n}\n"},
		{[]string{"keys", "unset", "app.thinking.cycle"}, 0, "the default applies: shift+tab",
			original},
		{[]string{"keys", "unset", "myext.go"}, 0, "it had no default",
			"{\n    \"$schema\": \"https://example.invalid/s.json\"\n}\n"},
	}
	for _, s := range steps {
		code, out, errOut := keysRun(t, dir, s.args...)
		if code != s.code || !strings.Contains(out+errOut, s.out) {
			t.Errorf("agentmgr %v = exit %d, want %d and output containing %q\nstdout:\n%s\nstderr:\n%s", s.args, code, s.code, s.out, out, errOut)
		}
		if got := keysFile(t, dir); got != s.file {
			t.Fatalf("after agentmgr %v the file is:\n%s\nwant:\n%s", s.args, got, s.file)
		}
	}
}

func TestKeysSetCreatesFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "agent")
	code, out, errOut := keysRun(t, dir, "keys", "set", "next", "alt+n")
	if code != 0 {
		t.Fatalf("keys set on a missing file: exit %d\n%s%s", code, out, errOut)
	}
	if got, want := keysFile(t, dir), "{\n  \"piAgentManager.next\": \"alt+n\"\n}\n"; got != want {
		t.Errorf("created file = %q, want %q", got, want)
	}
}
