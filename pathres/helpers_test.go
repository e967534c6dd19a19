package pathres

import (
	"os"
	"runtime"
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
