package pathres

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
)

// requireProc skips a test of Linux's /proc elsewhere, saying so.
func requireProc(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skipf("/proc/PID links are Linux's; this is %s", runtime.GOOS)
	}
	if _, err := os.Lstat("/proc/self/root"); err != nil {
		t.Fatalf("Linux without /proc: %v", err)
	}
}

// startChild starts a process waiting on its standard input in dir and returns its pid; it
// ends when the test does.
func startChild(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("cat")
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting a child process: %v", err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return strconv.Itoa(cmd.Process.Pid)
}
