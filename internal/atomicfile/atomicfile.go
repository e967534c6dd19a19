// Package atomicfile replaces files so that a reader, or a crash, sees the old content or the
// new, never a part. Every file agentmgr writes goes through it.
package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/filelock"
)

// tempMarker sits between the hidden target name and the random suffix of a temporary file.
const tempMarker = ".tmp-"

// Write replaces path with data: a temporary file in the same folder (hidden, so folder readers
// skip it), written, given mode, synced, renamed over path, and the folder synced so that the
// rename survives a crash. On failure the temporary file is removed and path is untouched.
func Write(path string, data []byte, mode fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+tempMarker+"*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// Not every system can sync a folder; the rename has happened either way.
	_ = filelock.SyncDir(dir)
	return nil
}

// TempGlob matches the temporary files a crashed Write of path may have left behind.
func TempGlob(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+tempMarker+"*")
}
