package sessions

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/filelock"
)

// maxFileSize bounds what a session file may hold; a bigger one is not ours.
const maxFileSize = 16 << 20

// tempPattern names the temporary files of session id: hidden, so that List skips them.
func tempPattern(id string) string { return "." + id + ".json.*.tmp" }

// writeAtomic replaces the file of session id with data: a temporary file in the same folder,
// synced, renamed over the old one, and the folder synced, so a crash at any point leaves the
// old file or the new one.
func writeAtomic(dir, id string, data []byte) error {
	f, err := os.CreateTemp(dir, tempPattern(id))
	if err != nil {
		return err
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, id+".json")); err != nil {
		return err
	}
	ok = true
	return filelock.SyncDir(dir)
}

// removeStaleTemps deletes temporary files a crashed writer of session id left behind. It runs
// under the folder's lock, which every writer of every session takes, so no live writer owns
// any temporary file (valid ids hold no glob metacharacters).
func removeStaleTemps(dir, id string) {
	matches, _ := filepath.Glob(filepath.Join(dir, tempPattern(id)))
	for _, m := range matches {
		os.Remove(m)
	}
}

// readLimited reads path, refusing files larger than maxFileSize.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s is larger than %d MiB; it is not a session file", path, maxFileSize>>20)
	}
	return data, nil
}
