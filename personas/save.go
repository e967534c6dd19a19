package personas

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

// ErrChangedOnDisk is returned (wrapped) when the file changed since it was read: saving would
// throw the other change away.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was loaded")

// Save writes the edited text. Nothing is written when the text is unchanged. The write is
// refused when the file changed on disk since it was read (or, for a new document, when a file
// already exists at its path), and when the text would not be a valid persona. The previous
// content is kept in PATH.bak (one generation) and the file keeps its mode.
func (d *Document) Save() (written bool, err error) {
	if d.loaded != nil && d.exists && bytes.Equal(d.data, d.loaded) {
		return false, nil
	}
	if p, probs := parseFile(d.path, d.data, d.scope); p == nil {
		return false, fmt.Errorf("%s was not saved because it would not be a valid persona:\n%w", d.path, ProblemsError(Errors(probs)))
	}
	onDisk, err := os.ReadFile(d.path)
	switch {
	case err == nil && !d.exists:
		return false, fmt.Errorf("%s was not saved: a file already exists there; choose another name or remove it first", d.path)
	case err == nil && sha256.Sum256(onDisk) != d.hash:
		return false, fmt.Errorf("%s was not saved: %w; reload it and make the change again (your edit is still in the editor)", d.path, ErrChangedOnDisk)
	case err != nil && d.exists && errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("%s was not saved: it was deleted or moved since it was loaded; %w", d.path, ErrChangedOnDisk)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("%s was not saved: cannot read the file on disk to check it: %w", d.path, err)
	}
	target := d.path
	if resolved, err := filepath.EvalSymlinks(d.path); err == nil {
		target = resolved // write through a link, do not replace the link with a file
	}
	if d.exists {
		if err := WriteFileAtomic(target+".bak", onDisk, d.mode); err != nil {
			return false, fmt.Errorf("%s was not saved: cannot keep a backup of the previous content: %w", d.path, err)
		}
	} else if err := os.MkdirAll(filepath.Dir(d.path), 0o755); err != nil {
		return false, fmt.Errorf("cannot create the folder for %s: %w", d.path, err)
	}
	if err := WriteFileAtomic(target, d.data, d.mode); err != nil {
		return false, fmt.Errorf("%s was not saved: %w", d.path, err)
	}
	d.loaded = bytes.Clone(d.data)
	d.hash = sha256.Sum256(d.data)
	d.exists = true
	return true, nil
}

// WriteFileAtomic writes data to path so that readers see the old content or the new, never a
// part (see internal/atomicfile).
func WriteFileAtomic(path string, data []byte, mode fs.FileMode) error {
	return atomicfile.Write(path, data, mode)
}
