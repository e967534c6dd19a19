//go:build unix

package filelock

import (
	"errors"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// held reports whether someone holds the lock on path, by a non-blocking flock(2) from a
// fresh open of the file: the answer does not depend on how fast any goroutine runs.
func held(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return true
	}
	if err != nil {
		t.Fatal(err)
	}
	_ = unix.Flock(int(f.Fd()), unix.LOCK_UN)
	return false
}
