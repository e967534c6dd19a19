package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/filelock"
	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// RecordPath is the file of session's record in dir: <dir>/<session>.json. The id must be
// valid (approvals.ValidateSessionID), so that no id names a file elsewhere.
func RecordPath(dir, session string) (string, error) {
	if err := approvals.ValidateSessionID(session); err != nil {
		return "", err
	}
	return filepath.Join(dir, session+".json"), nil
}

// ReadRecord reads session's JSON record in dir into a T; a missing file is the zero T.
func ReadRecord[T any](dir, session string) (T, error) {
	var rec T
	p, err := RecordPath(dir, session)
	if err != nil {
		return rec, err
	}
	data, err := regularfile.Read(p, regularfile.RecordLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return rec, nil
	}
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return rec, fmt.Errorf("%s: %w", p, err)
	}
	return rec, nil
}

// UpdateRecord changes session's JSON record in dir under the record's lock, so that parallel
// hooks lose no change, and writes it atomically. A record that cannot be read is not replaced:
// what it holds would be lost.
func UpdateRecord[T any](dir, session string, change func(*T)) error {
	p, err := RecordPath(dir, session)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	unlock, err := filelock.Lock(p + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	rec, err := ReadRecord[T](dir, session)
	if err != nil {
		return err
	}
	change(&rec)
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return atomicfile.Write(p, data, 0o600)
}
