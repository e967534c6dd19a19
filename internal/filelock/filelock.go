// Package filelock takes exclusive locks on files, across processes: flock(2) on Unix,
// LockFileEx on Windows. A lock belongs to the open file, so two opens in one process exclude
// each other just as two processes do, and the system drops the lock when its holder dies.
package filelock

import (
	"fmt"
	"os"
)

// Lock opens (creating it with mode 0600 when needed) the lock file path, waits for an
// exclusive lock on it, and returns the function that releases it.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the lock file: %w", err)
	}
	if waitHook != nil {
		waitHook()
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return func() {
		_ = unlockFile(f)
		f.Close()
	}, nil
}

// waitHook, when set (by tests only), runs after Lock has opened the file and just before it
// waits for the lock, so that a test can hand over at a known point instead of sleeping.
var waitHook func()

// SyncDir makes a rename or a new file in dir durable, where the system allows it.
func SyncDir(dir string) error { return syncDir(dir) }

// LockDir waits for an exclusive lock on the folder dir itself and returns the function that
// releases it. On Unix the folder is locked (flock(2) on its descriptor), so no lock file is
// left among the person's files; elsewhere a hidden lock file in dir, named fallback, is used.
func LockDir(dir, fallback string) (unlock func(), err error) {
	return lockDir(dir, fallback)
}
