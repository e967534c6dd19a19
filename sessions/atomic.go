package sessions

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// writeAtomic replaces the file of session id with data (see internal/atomicfile), mode 0600:
// a crash at any point leaves the old file or the new one, and the temporary files of a killed
// writer are removed by the next write.
func writeAtomic(dir, id string, data []byte) error {
	return atomicfile.Write(filepath.Join(dir, id+".json"), data, 0o600)
}

// readLimited reads path when it is a regular file of at most regularfile.RecordLimit bytes: a
// FIFO or a device in the sessions folder must not block or flood the gate.
func readLimited(path string) ([]byte, error) {
	return regularfile.Read(path, regularfile.RecordLimit)
}
