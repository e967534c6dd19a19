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
// a crash at any point leaves the old file or the new one, and the temporary files of a killed
// writer are removed by the next write.
func writeAtomic(dir, id string, data []byte) error {
	return atomicfile.Write(filepath.Join(dir, id+".json"), data, 0o600)
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
