package inbox

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// writeAtomic writes data to path so that a reader sees the old file or the new one, never part
// of one (see internal/atomicfile); the temporary file is hidden, and inbox readers skip hidden
// names. Files are 0600: the inbox holds the commands an agent wants to run.
func writeAtomic(path string, data []byte) error {
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// newID returns a fresh request id: 16 hex digits of the time, so that ids sort in the order
// requests were made, then 16 random hex digits, so that two gates never pick the same one.
func newID(nanos int64) (string, error) {
	var r [8]byte
	if _, err := rand.Read(r[:]); err != nil {
		return "", fmt.Errorf("cannot make a request id: %w", err)
	}
	return fmt.Sprintf("%016x-%s", uint64(nanos), hex.EncodeToString(r[:])), nil
}

// validID reports whether id has the form newID makes. Ids become file names, and a file in the
// inbox that does not have this form is not a request.
func validID(id string) bool {
	if len(id) != 33 || id[16] != '-' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if i != 16 && (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
