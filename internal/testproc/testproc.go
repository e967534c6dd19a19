// Package testproc starts the processes tests look at from outside: a child waiting in a
// folder, whose /proc/PID links (root, cwd) a test spells paths through. It is for tests only.
package testproc

import (
	"os/exec"
	"strconv"
	"testing"
)

// Child starts a process in dir that waits on its standard input, and returns its pid; it ends
// when the test does. A failure to start it fails the test.
func Child(tb testing.TB, dir string) string {
	tb.Helper()
	cmd := exec.Command("cat")
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting a child process: %v", err)
	}
	tb.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return strconv.Itoa(cmd.Process.Pid)
}
