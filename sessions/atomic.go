package sessions

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// maxFileSize bounds what a session file may hold; a bigger one is not ours.
const maxFileSize = 16 << 20

// writeAtomic replaces the file of session id with data (see internal/atomicfile), mode 0600:
// a crash at any point leaves the old file or the new one.
func writeAtomic(dir, id string, data []byte) error {
	return atomicfile.Write(filepath.Join(dir, id+".json"), data, 0o600)
}

// removeStaleTemps deletes temporary files a crashed writer of session id left behind. It runs
// under the folder's lock, which every writer of every session takes, so no live writer owns
// any temporary file (valid ids hold no glob metacharacters).
func removeStaleTemps(dir, id string) {
	matches, _ := filepath.Glob(atomicfile.TempGlob(filepath.Join(dir, id+".json")))
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
