package filelock

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLockExcludesASecondHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	unlock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan func(), 1)
	go func() {
		u, err := Lock(path) // a second open of the file, as another process would make
		if err != nil {
			t.Error(err)
			close(got)
			return
		}
		got <- u
	}()
	select {
	case <-got:
		t.Fatal("a second Lock succeeded while the first was held")
	case <-time.After(50 * time.Millisecond):
	}
	unlock()
	select {
	case u := <-got:
		if u != nil {
			u()
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second Lock did not get the lock after the first was released")
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("lock file = %v, %v; want mode 0600", st, err)
	}
}
