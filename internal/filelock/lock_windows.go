//go:build windows

package filelock

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// lockFile takes an exclusive LockFileEx lock on the first byte of f, waiting for it.
func lockFile(f *os.File) error {
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, new(windows.Overlapped))
}

func unlockFile(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}

// syncDir is a no-op: Windows cannot open a folder for syncing, and MoveFileEx's replace is
// what makes the rename durable there.
func syncDir(string) error { return nil }

func lockDir(dir, fallback string) (func(), error) { return Lock(filepath.Join(dir, fallback)) }
