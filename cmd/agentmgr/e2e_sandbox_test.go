package main

import (
	"os"
	"path/filepath"
	"testing"
)

// sandboxHome is the part the real-runtime sandboxes share: this test binary (which acts as
// agentmgr), a home with pi's agent dir in a fresh folder, and a project in it with a victim
// folder that must be kept. Nothing is written yet.
type sandboxHome struct {
	self, root, home, agentDir, proj, victim string
}

func newSandboxHome(t *testing.T) sandboxHome {
	t.Helper()
	var sb sandboxHome
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
	return sb
}

// onPath is a folder holding agentmgr (this test binary) for PATH, as a user installs it.
func (sb *sandboxHome) onPath(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(sb.root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb.self, filepath.Join(bin, "agentmgr")); err != nil && !os.IsExist(err) {
		t.Fatal(err)
	}
	return bin
}
