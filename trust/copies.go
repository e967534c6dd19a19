package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/filelock"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// A trust keeps a copy of each file it covers (locations.Dirs.TrustCopies), named by the hex
// of the file's sha256, the Sum its record holds: files of the same content share one copy, a
// copy's name says what it must hold, and a copy that does not hold it is not shown. The
// copies are only ever shown; what decides is the record's sums. They sit in agentmgr's state
// folder, which the built-in guard protects from the agent's writes.

// copiesLock is the lock file, in the copies' folder, held from the copies of a trust being
// written to its record being in the store, and while the copies no record refers to are
// removed: a removal never takes a copy whose record is about to be written.
const copiesLock = ".agentmgr-copies.lock"

// ErrNoCopy is wrapped by the error of a file whose trusted content was not kept: trusted
// before agentmgr kept copies, or the copy was removed or is not what its name says.
var ErrNoCopy = errors.New("no copy of the trusted content")

// lockCopies makes the copies' folder and takes its lock.
func lockCopies(d locations.Dirs) (func(), error) {
	dir := d.TrustCopies()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return filelock.Lock(filepath.Join(dir, copiesLock))
}

// copyName is the file name of the copy of a file of sum, or "" for a sum that is a note
// (the file was not read as content, and there is nothing to copy).
func copyName(sum string) string {
	hex, ok := strings.CutPrefix(sum, sumPrefix)
	if !ok || !isHex(hex) {
		return ""
	}
	return hex
}

func isHex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// saveCopies keeps a copy of each of files' contents (contents[i] is files[i]'s) that is not
// kept already. The caller holds the copies' lock.
func saveCopies(d locations.Dirs, files []File, contents [][]byte) error {
	for i, f := range files {
		name := copyName(f.Sum)
		if name == "" || contents[i] == nil {
			continue
		}
		if _, err := readCopy(d, f.Sum); err == nil {
			continue
		}
		// What is there is not the copy: a write goes through a link (atomicfile), and this
		// one would land wherever the link points. It goes first.
		path := filepath.Join(d.TrustCopies(), name)
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot keep a copy of %s: %w", f.Path, err)
		}
		if err := atomicfile.Write(path, contents[i], 0o600); err != nil {
			return fmt.Errorf("cannot keep a copy of %s: %w", f.Path, err)
		}
	}
	return nil
}

// readCopy is the content kept for a file of sum. The copy is read without following a link
// and bounded as the file was, and is refused unless its content has that sum: the error then
// wraps ErrNoCopy.
func readCopy(d locations.Dirs, sum string) ([]byte, error) {
	name := copyName(sum)
	if name == "" {
		return nil, fmt.Errorf("%w: the file was %s", ErrNoCopy, sum)
	}
	data, err := regularfile.ReadNoFollow(filepath.Join(d.TrustCopies(), name), MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: trusted before agentmgr kept copies, or the copy was removed", ErrNoCopy)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoCopy, err)
	}
	if sumOf(data) != sum {
		return nil, fmt.Errorf("%w: the copy kept does not hold what was trusted", ErrNoCopy)
	}
	return data, nil
}

// pruneCopies removes the copies no trust in the store at d refers to. It reads the store
// again (under the copies' lock, which the caller holds), and removes nothing when the store
// cannot be read: a copy is only ever removed for a store known not to need it.
func pruneCopies(d locations.Dirs) error {
	st, err := readStore(d.TrustStore())
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for _, rec := range st.Projects {
		if !rec.Trusted {
			continue
		}
		for _, f := range rec.Files {
			if name := copyName(f.Sum); name != "" {
				used[name] = true
			}
		}
	}
	entries, err := os.ReadDir(d.TrustCopies())
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		// Only a copy's name is removed: the lock file, a writer's temporary files and
		// anything else there are left alone.
		if isHex(e.Name()) && !used[e.Name()] {
			if err := os.Remove(filepath.Join(d.TrustCopies(), e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
