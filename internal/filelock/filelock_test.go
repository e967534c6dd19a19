//go:build unix

package filelock

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// TestSecondLockWaitsForTheFirst: a second Lock started while the first is held returns only
// after the first is released. The hook is the handshake: the test releases the first lock
// only once the second Lock has opened the file and is about to wait, so the test cannot pass
// just because the second Lock had not run yet.
func TestSecondLockWaitsForTheFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	unlock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	waitHook = func() { close(waiting) }
	t.Cleanup(func() { waitHook = nil })

	var released atomic.Bool
	got := make(chan func(), 1)
	go func() {
		u, err := Lock(path) // a second open of the file, as another process would make
		if err != nil {
			t.Error(err)
			close(got)
			return
		}
		if !released.Load() {
			t.Error("a second Lock succeeded while the first was held")
		}
		got <- u
	}()
	select {
	case <-waiting:
	case <-time.After(time.Minute):
		t.Fatal("the second Lock never reached its wait")
	}
	if !held(t, path) {
		t.Fatal("the lock file is not locked while the first Lock holds it")
	}
	released.Store(true)
	unlock()
	var u func()
	select {
	case u = <-got:
	case <-time.After(time.Minute):
		t.Fatal("the second Lock did not get the lock after the first was released")
	}
	if u == nil {
		return
	}
	if !held(t, path) {
		t.Error("the second Lock returned without holding the lock")
	}
	u()
	if held(t, path) {
		t.Error("the lock is still held after its unlock")
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("lock file = %v, %v; want mode 0600", st, err)
	}
}
