// Package e2etest is what the end-to-end tests of several packages share: the headless
// agentmgr binary, built once per test process; a stand-in for the desktop app that answers
// the asks forwarded to it; and the one rule for a real program a test needs but cannot find
// (skip, unless CI=true: then fail, so that CI never passes without running it).
package e2etest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var built struct {
	once sync.Once
	path string
	err  error
}

// Agentmgr builds the headless agentmgr binary (./cmd/agentmgr of the module at root, a path
// relative to the test's folder) once for all tests of the process, and returns its path.
// Build errors fail every test that asks.
func Agentmgr(t testing.TB, root string) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "agentmgr-e2e-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "agentmgr")
		cmd := exec.Command("go", "build", "-tags", "ci", "-o", built.path, "./cmd/agentmgr")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// Cleanup removes the binary Agentmgr built, if it built one. A TestMain calls it after the
// tests have run: the binary lives outside every test's own folder, being shared.
func Cleanup() {
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
}

// Main runs a package's tests, then Cleanup, and returns their exit code: a package whose
// tests call Agentmgr has func TestMain(m *testing.M) { os.Exit(e2etest.Main(m)) }.
func Main(m *testing.M) int {
	code := m.Run()
	Cleanup()
	return code
}

// Missing ends the test for want of a real program, saying msg: it fails with CI=true and
// skips otherwise.
func Missing(t testing.TB, msg string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
