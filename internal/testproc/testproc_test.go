package testproc

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestChildRunsInTheFolder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("the child's folder is read from /proc, which is Linux's; this is %s", runtime.GOOS)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pid := Child(t, dir)
	cwd, err := os.Readlink("/proc/" + pid + "/cwd")
	if err != nil {
		t.Fatalf("the child %s is not running: %v", pid, err)
	}
	if cwd != dir {
		t.Errorf("the child %s runs in %q, want %q", pid, cwd, dir)
	}
}
