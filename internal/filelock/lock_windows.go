//go:build windows

package filelock

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// tryLockFile tries to take an exclusive LockFileEx lock on the first byte of f without
// waiting: false when another handle holds it.
func tryLockFile(f *os.File) (bool, error) {
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
	switch err {
	case nil:
		return true, nil
	case windows.ERROR_LOCK_VIOLATION:
		return false, nil
	}
	return false, err
}

func unlockFile(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}

// syncDir is a no-op: Windows cannot open a folder for syncing, and MoveFileEx's replace is
// what makes the rename durable there.
func syncDir(string) error { return nil }

func lockDir(dir, fallback string) (func(), error) { return Lock(filepath.Join(dir, fallback)) }
