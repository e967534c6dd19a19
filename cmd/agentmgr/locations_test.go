package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tilde in PI_CODING_AGENT_DIR means the home directory for every command: keys set once
// wrote ./~/piX/keybindings.json while yolo on wrote $HOME/piX/agent-manager/state.json.
func TestTildeAgentDirIsTheSameForEveryCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PI_CODING_AGENT_DIR", "~/piX")
	cwd := t.TempDir()
	// The process works in cwd as well: a path resolved against the process's directory instead
	// of e.cwd (the bug this test guards) lands in the temporary folder and is caught below,
	// never in the source tree.
	t.Chdir(cwd)
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, cwd: cwd, getenv: os.Getenv}
	for _, args := range [][]string{{"yolo", "on"}, {"keys", "set", "next", "alt+n"}} {
		if code := run(args, e); code != 0 {
			t.Fatalf("agentmgr %s = %d: %s", strings.Join(args, " "), code, errOut.String())
		}
	}
	agent := filepath.Join(home, "piX")
	for _, f := range []string{filepath.Join(agent, "agent-manager", "state.json"), filepath.Join(agent, "keybindings.json")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was not written: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(cwd, "~")); err == nil {
		t.Errorf("a folder named ~ was created in the working directory")
	}
}

// The home directory comes from the command's environment like every other variable, not
// from the process's: a front end that gives its own environment gets its own folders.
func TestHomeComesFromTheCommandsEnvironment(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, cwd: t.TempDir(), getenv: getenv}
	if d := e.dirs(); d.Home != home || d.Agent != filepath.Join(home, ".pi", "agent") {
		t.Errorf("dirs = %+v, want the agent dir under the environment's HOME %s", d, home)
	}
}
