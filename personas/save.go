package personas

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// ErrChangedOnDisk is wrapped by Save's error when the file changed since it was read: saving
// would throw the other change away.
var ErrChangedOnDisk = atomicfile.ErrChangedOnDisk

// Save writes the edited text. Nothing is written when the text is unchanged. The write is
// refused when the file changed on disk since it was read (or, for a new document, when a file
// already exists at its path), and when the text would not be a valid persona. The check and
// the write are one step for every other writer (internal/atomicfile), so no change is lost.
// The previous content is kept as a backup (BackupPath: for a file in an agents folder, in
// agent-manager/backups beside it, the last BackupKeep of them), a symlinked file is written
// through, and the file keeps its mode.
func (d *Document) Save() (written bool, err error) {
	if d.loaded != nil && d.exists && bytes.Equal(d.data, d.loaded) {
		return false, nil
	}
	if p, probs := parseFile(d.path, d.data, d.scope); p == nil {
		return false, fmt.Errorf("%s was not saved because it would not be a valid persona:\n%w", d.path, ProblemsError(Errors(probs)))
	}
	if !d.exists {
		if err := os.MkdirAll(filepath.Dir(d.path), 0o755); err != nil {
			return false, fmt.Errorf("cannot create the folder for %s: %w", d.path, err)
		}
	}
	var refused error // the check's own answer, already worded for the person
	check := func(onDisk []byte, exists bool) error {
		switch {
		case exists && !d.exists:
			refused = fmt.Errorf("%s was not saved: a file already exists there; choose another name or remove it first", d.path)
		case exists && sha256.Sum256(onDisk) != d.hash:
			refused = fmt.Errorf("%s was not saved: %w", d.path, ErrChangedOnDisk)
		case !exists && d.exists:
			refused = fmt.Errorf("%s was not saved: it was deleted or moved since it was loaded; %w", d.path, ErrChangedOnDisk)
		}
		return refused
	}
	opts := atomicfile.Options{Mode: d.mode, Check: check}
	if d.exists {
		opts = BackupOptions(d.path, opts)
	}
	if err := atomicfile.Replace(d.path, d.data, opts); err != nil {
		if refused != nil {
			return false, refused
		}
		return false, fmt.Errorf("%s was not saved: %w", d.path, err)
	}
	d.loaded = bytes.Clone(d.data)
	d.hash = sha256.Sum256(d.data)
	d.exists = true
	return true, nil
}
