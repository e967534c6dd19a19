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
	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// ErrChangedOnDisk is wrapped by Save's error when keybindings.json was
// changed, created or deleted by someone else since it was loaded.
var ErrChangedOnDisk = atomicfile.ErrChangedOnDisk

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
	src, err := regularfile.Read(path, regularfile.StateLimit)
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

// Save writes the file back to Path if it changed, through internal/atomicfile: atomic, the
// previous content kept in keybindings.json.bak, the file's mode kept, a symlink written
// through (the link kept). Save refuses, with an error
// wrapping ErrChangedOnDisk, when the file on disk is no longer what Load read; the check and
// the write are one step for every other writer.
func (f *File) Save() error {
	if f.Path == "" {
		return errors.New("cannot save keybindings parsed from memory: the file has no path")
	}
	if !f.Changed() {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
		return fmt.Errorf("cannot save %s: %w", f.Path, err)
	}
	mode := newFileMode
	if f.disk.exists {
		mode = f.disk.mode
	}
	var refused error
	check := func(cur []byte, exists bool) error {
		if exists != f.disk.exists || exists && sha256.Sum256(cur) != f.disk.hash {
			refused = fmt.Errorf("not saving %s: %w", f.Path, ErrChangedOnDisk)
		}
		return refused
	}
	if err := atomicfile.Replace(f.Path, f.src, atomicfile.Options{Mode: mode, Check: check, Backup: f.disk.exists}); err != nil {
		if refused != nil {
			return refused
		}
		return fmt.Errorf("cannot save %s: %w", f.Path, err)
	}
	f.disk = diskState{exists: true, hash: sha256.Sum256(f.src), mode: mode}
	return nil
}
