//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// agentmgr with no arguments becomes the app: the app runs in the same working directory, is
// told which agentmgr binary it came from (for the pi screen), and its exit status is the one
// the caller sees, since it replaced agentmgr's process.
func TestNoArgumentsStartsTheApp(t *testing.T) {
	bin, cwd := t.TempDir(), t.TempDir()
	record := filepath.Join(t.TempDir(), "app-ran")
	script := "#!/bin/sh\nprintf '%s\\n' \"$PWD\" \"$@\" >\"$APP_RECORD\"\nexit 7\n"
	if err := os.WriteFile(filepath.Join(bin, "agentmgr-app"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := cliHelper(t, "run", filepath.Join(t.TempDir(), "agent"))
	cmd.Dir = cwd
	cmd.Env = append(cmd.Env, "PATH="+bin, "APP_RECORD="+record)
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 7 {
		t.Fatalf("agentmgr with no arguments exited %d (%v); want the app's 7", code, err)
	}
	got, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("the app did not run: %v", err)
	}
	self, _ := filepath.EvalSymlinks(os.Args[0])
	wantCwd, _ := filepath.EvalSymlinks(cwd)
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 3 || lines[0] != wantCwd || lines[1] != "--cli" || lines[2] != self {
		t.Errorf("the app ran as %q; want [%s --cli %s]", lines, wantCwd, self)
	}
}
