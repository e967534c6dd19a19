package testfiles

import (
	"io/fs"
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

// WriteMode gives the file the mode asked for whatever the umask, and over a file that is
// already there (whose mode os.WriteFile leaves as it was).
func TestWriteModeSetsTheModeAskedFor(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "d", "f.txt")
	for _, mode := range []fs.FileMode{0o600, 0o640, 0o644, 0o400} {
		WriteMode(t, path, "x", mode)
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != mode {
			t.Errorf("mode %v; want %v", fi.Mode().Perm(), mode)
		}
		if err := os.Chmod(path, 0o600); err != nil { // writable again for the next round
			t.Fatal(err)
		}
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
