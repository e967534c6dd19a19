package testfiles

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWriteMakesTheFolders(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a", "b", "c.txt")
	Write(t, path, "hello\n")
	if got := Read(t, path); got != "hello\n" {
		t.Errorf("read back %q; want hello", got)
	}
}

func TestSettleSetsEveryTimeBack(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	Write(t, filepath.Join(root, "d", "f.txt"), "x")
	Settle(t, root)
	for _, p := range []string{root, filepath.Join(root, "d"), filepath.Join(root, "d", "f.txt")} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if age := time.Since(fi.ModTime()); age < 30*time.Minute {
			t.Errorf("%s was changed %s ago; want an hour back", p, age)
		}
	}
}
