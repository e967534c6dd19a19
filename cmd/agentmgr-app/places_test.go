package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The pi screen's binary is the one agentmgr passed; without it, the agentmgr on PATH (the test
// binary has no agentmgr beside it).
func TestFindCLI(t *testing.T) {
	bin := t.TempDir()
	cli := filepath.Join(bin, "agentmgr")
	if err := os.WriteFile(cli, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if got, err := findCLI(""); err != nil || got != cli {
		t.Errorf("findCLI() = %q, %v; want the agentmgr on PATH, %s", got, err, cli)
	}
	t.Chdir(bin)
	if got, err := findCLI("agentmgr"); err != nil || got != cli {
		t.Errorf("findCLI(agentmgr) = %q, %v; want it made absolute, %s", got, err, cli)
	}
	t.Setenv("PATH", t.TempDir())
	if got, err := findCLI(""); err == nil {
		t.Errorf("findCLI() with no agentmgr anywhere = %q; want an error", got)
	}
}

// The app's folders are found as agentmgr finds them: the agent dir from the environment, the
// home directory kept with them.
func TestFindDirs(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PI_CODING_AGENT_DIR", "")
	t.Chdir(t.TempDir())
	d, err := findDirs()
	if err != nil || d.Home != home || d.Agent != filepath.Join(home, ".pi", "agent") {
		t.Errorf("findDirs() = %+v, %v; want the agent dir under %s", d, err, home)
	}
}
