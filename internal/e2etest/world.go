package e2etest

import (
	"path/filepath"
	"testing"
)

// World is where a runtime's end-to-end test runs: an isolated home folder with the runtime's
// agent dir and a project in it, the agentmgr binary, and the environment the runtime and
// agentmgr run in, which the runtime's test sets.
type World struct {
	T       *testing.T
	Home    string
	Agent   string
	Project string
	Bin     string
	Env     []string
}

// NewWorld is a World in a new temporary home: its agent dir is agent (a path below the home),
// its project the home's folder project, and its binary the headless agentmgr of the module at
// root (see Agentmgr). Its environment is empty.
func NewWorld(t *testing.T, root string, agent ...string) World {
	home := t.TempDir()
	return World{
		T:       t,
		Home:    home,
		Agent:   filepath.Join(append([]string{home}, agent...)...),
		Project: filepath.Join(home, "project"),
		Bin:     Agentmgr(t, root),
	}
}

// Agentmgr runs the built binary with args in the project and returns its stdout.
func (w *World) Agentmgr(args ...string) string {
	w.T.Helper()
	return Run(w.T, w.Bin, w.Project, w.Env, args...)
}
