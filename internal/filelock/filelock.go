// Package filelock takes exclusive locks on files, across processes: flock(2) on Unix,
// LockFileEx on Windows. A lock belongs to the open file, so two opens in one process exclude
// each other just as two processes do, and the system drops the lock when its holder dies.
//
// Every wait has a deadline (Wait). Writers hold these locks for milliseconds; a lock held
// longer is a stuck or hostile holder (any process of the user can flock a file in the agent
// dir), and the gate that waits for it forever lets the runtime's hook time out, which the
// runtime takes as a pass. So a lock not had in time is an error that names its holder.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Wait is how long Lock and LockDir wait for a lock another process holds before they give
// up with ErrHeld. Tests shorten it.
var Wait = 5 * time.Second

// ErrHeld is wrapped by the error of a lock that was not had within Wait.
var ErrHeld = errors.New("held by another process")

// Lock opens (creating it with mode 0600 when needed) the lock file path, waits up to Wait for
// an exclusive lock on it, and returns the function that releases it. The holder writes its
// process id into the file, so that a waiter that gives up can say who holds it.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the lock file: %w", err)
	}
	if err := acquire(f, path, true); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		_ = unlockFile(f)
		f.Close()
	}, nil
}

// acquire takes the lock on f, trying again with growing pauses until Wait has passed.
// recorded says whether f holds its holder's pid.
func acquire(f *os.File, path string, recorded bool) error {
	if waitHook != nil {
		waitHook()
	}
	deadline := time.Now().Add(Wait)
	pause := time.Millisecond
	for {
		ok, err := tryLockFile(f)
		if err != nil {
			return fmt.Errorf("locking %s: %w", path, err)
		}
		if ok {
			return nil
		}
		if !time.Now().Before(deadline) {
			return fmt.Errorf("the lock %s is %w%s; gave up after %s", path, ErrHeld, holder(f, recorded), Wait)
		}
		time.Sleep(pause)
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// waitHook, when set (by tests only), runs after Lock has opened the file and just before it
// waits for the lock, so that a test can hand over at a known point instead of sleeping.
var waitHook func()

// SyncDir makes a rename or a new file in dir durable, where the system allows it.
func SyncDir(dir string) error { return syncDir(dir) }

// LockDir waits up to Wait for an exclusive lock on the folder dir itself and returns the
// function that releases it. On Unix the folder is locked (flock(2) on its descriptor), so no
// lock file is left among the person's files; elsewhere a hidden lock file in dir, named
// fallback, is used.
func LockDir(dir, fallback string) (unlock func(), err error) {
	return lockDir(dir, fallback)
}
