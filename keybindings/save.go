package keybindings

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// ErrChangedOnDisk is wrapped by Save's error when keybindings.json was
// changed, created or deleted by someone else since it was loaded.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was read")

// newFileMode is the mode of a keybindings.json that Save creates.
const newFileMode fs.FileMode = 0o644

// diskState is what Load saw on disk, so that Save can tell whether the
// file changed under us.
type diskState struct {
	exists bool
	hash   [sha256.Size]byte
	mode   fs.FileMode
}

// Load reads and parses the keybindings file at path. A missing file is
// not an error: it loads as an empty File that Save will create.
func Load(path string) (*File, error) {
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Parse(path, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read keybindings: %w", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read keybindings: %w", err)
	}
	f, err := Parse(path, src)
	if err != nil {
		return nil, err
	}
	f.disk = diskState{exists: true, hash: sha256.Sum256(src), mode: info.Mode().Perm()}
	return f, nil
}

// Exists reports whether the file was on disk when loaded (or once saved).
func (f *File) Exists() bool { return f.disk.exists }

// Changed reports whether the content differs from what Load read.
func (f *File) Changed() bool {
	if !f.disk.exists {
		return len(bytes.TrimSpace(f.src)) > 0
	}
	return sha256.Sum256(f.src) != f.disk.hash
}

// Save writes the file back to Path if it changed. The write is atomic (a
// temporary file in the same folder, synced, then renamed over the old
// one) and keeps the file's mode; a symlink is followed so that the file
// it points to is updated and the link kept. Save refuses, with an error
// wrapping ErrChangedOnDisk, when the file on disk is no longer what Load
// read.
func (f *File) Save() error {
	if f.Path == "" {
		return errors.New("cannot save keybindings parsed from memory: the file has no path")
	}
	if !f.Changed() {
		return nil
	}
	target, err := resolveLink(f.Path)
	if err != nil {
		return fmt.Errorf("cannot save %s: %w", f.Path, err)
	}
	if err := f.checkUnchanged(target); err != nil {
		return err
	}
	mode := newFileMode
	if f.disk.exists {
		mode = f.disk.mode
	}
	if err := writeAtomic(target, f.src, mode); err != nil {
		return fmt.Errorf("cannot save %s: %w", f.Path, err)
	}
	f.disk = diskState{exists: true, hash: sha256.Sum256(f.src), mode: mode}
	return nil
}

// checkUnchanged compares the file at target with what Load saw.
func (f *File) checkUnchanged(target string) error {
	cur, err := os.ReadFile(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !f.disk.exists {
			return nil
		}
	case err != nil:
		return fmt.Errorf("cannot save %s: %w", f.Path, err)
	case f.disk.exists && sha256.Sum256(cur) == f.disk.hash:
		return nil
	}
	return fmt.Errorf("not saving %s: %w; load it again and redo the change", f.Path, ErrChangedOnDisk)
}

// resolveLink returns the file a symlink at path points to, or path itself
// when it is not a symlink or does not exist yet.
func resolveLink(path string) (string, error) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	return filepath.EvalSymlinks(path)
}

// writeAtomic creates the folder if needed, then replaces path (see internal/atomicfile).
func writeAtomic(path string, data []byte, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, data, mode)
}
