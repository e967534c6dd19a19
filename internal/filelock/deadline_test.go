//go:build unix

package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A lock another open file holds is given up on after Wait, with an error that names the
// holder's process: from the pid it wrote for a lock file, from /proc/locks for a folder (on
// Linux).
func TestLockGivesUpAndNamesTheHolder(t *testing.T) {
	old := Wait
	Wait = 0
	t.Cleanup(func() { Wait = old })
	dir := t.TempDir()
	me := "process " + strconv.Itoa(os.Getpid())

	path := filepath.Join(dir, ".lock")
	unlock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lock(path)
	if !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), me) || !strings.Contains(err.Error(), path) {
		t.Errorf("Lock of a held lock file = %v, want ErrHeld naming %s and %s", err, path, me)
	}
	unlock()
	if u, err := Lock(path); err != nil {
		t.Errorf("Lock after the holder released it: %v", err)
	} else {
		u()
	}

	unlockDir, err := LockDir(dir, ".fallback")
	if err != nil {
		t.Fatal(err)
	}
	defer unlockDir()
	_, err = LockDir(dir, ".fallback")
	if !errors.Is(err, ErrHeld) {
		t.Errorf("LockDir of a held folder = %v, want ErrHeld", err)
	}
	if runtime.GOOS == "linux" && !strings.Contains(err.Error(), me) {
		t.Errorf("LockDir's error %v does not name the holder, %s, which /proc/locks lists", err, me)
	}
}
