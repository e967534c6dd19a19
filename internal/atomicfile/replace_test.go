package atomicfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// A persona linked to a file outside the agent dir: the write goes to the target, the link
// stays a link, and the backup is beside the link (the rename once turned the link into a
// regular file and the .bak went beside the target).
func TestReplaceWritesThroughALinkAndBacksUpBesideIt(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "dotfiles", "reviewer.md")
	link := filepath.Join(root, "agent", "agents", "reviewer.md")
	testfiles.WriteMode(t, target, "old", 0o600)
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := Replace(link, []byte("new"), Options{Backup: true}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a regular file (%v)", err)
	}
	if got := testfiles.Read(t, target); got != "new" {
		t.Errorf("target holds %q, want new", got)
	}
	if got := testfiles.Read(t, link+".bak"); got != "old" {
		t.Errorf("backup beside the link holds %q, want old", got)
	}
	if _, err := os.Stat(target + ".bak"); err == nil {
		t.Errorf("a backup was written beside the target, outside the agent dir")
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", st.Mode().Perm())
	}
}

func TestReplaceRefusesADanglingLink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "a.md")
	if err := os.Symlink(filepath.Join(dir, "gone.md"), link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := Replace(link, []byte("x"), Options{}); err == nil {
		t.Errorf("writing through a dangling link succeeded")
	}
}

// A writer killed between creating its temporary file and the rename leaves the file behind;
// the next writer of that file removes it, and leaves other files' temporaries alone.
func TestReplaceRemovesTempFilesOfKilledWriters(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	stale := filepath.Join(dir, ".a.md"+tempMarker+"123456")
	staleBak := filepath.Join(dir, ".a.md.bak"+tempMarker+"99")
	other := filepath.Join(dir, ".b.md"+tempMarker+"7")
	testfiles.WriteMode(t, path, "old", 0o600)
	for _, f := range []string{stale, staleBak, other} {
		testfiles.WriteMode(t, f, "half", 0o600)
	}
	if err := Replace(path, []byte("new"), Options{Backup: true}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{stale, staleBak} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("stale temporary file %s is still there", filepath.Base(f))
		}
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another file's temporary file was removed: %v", err)
	}
}

func TestReplaceCheckSeesTheFileOnDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	refuse := errors.New("refused")
	var saw []string
	check := func(b []byte, exists bool) error {
		saw = append(saw, strconv.FormatBool(exists)+":"+string(b))
		if exists {
			return refuse
		}
		return nil
	}
	if err := Replace(path, []byte("one"), Options{Check: check}); err != nil {
		t.Fatal(err)
	}
	if err := Replace(path, []byte("two"), Options{Check: check}); !errors.Is(err, refuse) {
		t.Fatalf("second Replace = %v, want the check's error", err)
	}
	if got := testfiles.Read(t, path); got != "one" {
		t.Errorf("a refused write changed the file to %q", got)
	}
	if want := []string{"false:", "true:one"}; len(saw) != 2 || saw[0] != want[0] || saw[1] != want[1] {
		t.Errorf("check saw %q, want %q", saw, want)
	}
}

// Read-modify-write by many writers: each reads the file, appends a line, and writes with a
// check that the file is still what it read, retrying when it is not. No line may be lost:
// the check and the rename are under one lock. (Separate opens of the lock file exclude each
// other as separate processes do, see internal/filelock.)
func TestReplaceCheckAndWriteAreOneStep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "counter")
	testfiles.WriteMode(t, path, "", 0o600)
	const writers, each = 4, 25
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				for {
					read, err := os.ReadFile(path)
					if err != nil {
						t.Error(err)
						return
					}
					next := append(bytes.Clone(read), []byte(strconv.Itoa(w*each+i)+"\n")...)
					err = Replace(path, next, Options{Check: func(b []byte, _ bool) error {
						if !bytes.Equal(b, read) {
							return ErrChangedOnDisk
						}
						return nil
					}})
					if err == nil {
						break
					}
					if !errors.Is(err, ErrChangedOnDisk) {
						t.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if n := bytes.Count([]byte(testfiles.Read(t, path)), []byte("\n")); n != writers*each {
		t.Errorf("%d lines in the file, want %d: updates were lost", n, writers*each)
	}
}
