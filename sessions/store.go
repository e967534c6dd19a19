// Package sessions keeps session rules in files: agent-manager/sessions/<id>.json in pi's agent
// dir, one file per session. It implements approvals.SessionStore for several processes at once
// (the app, the CLI, the pi extension): a write takes an flock(2) on the folder's lock file
// around read-check-write, writes a temporary file, syncs it and renames it over the old one,
// so a reader sees the old file or the new one, never a torn one, and no update is lost.
package sessions

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/filelock"
	"github.com/agentmgr/agentmgr/locations"
)

// lockName is the folder's lock file; its leading dot keeps it out of the id space.
const lockName = ".lock"

// Store is the file implementation of approvals.SessionStore. It is safe for concurrent use by
// goroutines and processes.
type Store struct {
	dir string
	now func() time.Time
}

var _ approvals.SessionStore = (*Store)(nil)

// New returns the store of folder dir. Nothing is created until the first write.
func New(dir string) *Store { return &Store{dir: dir, now: time.Now} }

// Open returns the store of dirs' agent dir.
func Open(dirs locations.Dirs) *Store { return New(dirs.SessionsDir()) }

// Path is the file that holds session id. The id must be valid (approvals.ValidateSessionID).
func (s *Store) Path(id string) string { return filepath.Join(s.dir, id+".json") }

// Get reads the session's file; a missing file is a session never written.
func (s *Store) Get(id string) (approvals.SessionRules, error) {
	if err := approvals.ValidateSessionID(id); err != nil {
		return approvals.SessionRules{}, err
	}
	return s.read(id)
}

func (s *Store) read(id string) (approvals.SessionRules, error) {
	path := s.Path(id)
	data, err := readLimited(path)
	if errors.Is(err, fs.ErrNotExist) {
		return approvals.SessionRules{ID: id}, nil
	}
	if err != nil {
		return approvals.SessionRules{}, fmt.Errorf("reading session %q: %w", id, err)
	}
	return decode(path, id, data)
}

// Put replaces the session's rules; see approvals.SessionStore.
func (s *Store) Put(id string, rules engine.Ruleset, read uint64, by approvals.Authority) (approvals.SessionRules, error) {
	return s.write(id, func(cur approvals.SessionRules) (approvals.SessionRules, error) { return cur.Revise(rules, read, by) })
}

// Delete drops the session's rules and keeps its file as a high-water mark; see
// approvals.SessionStore.
func (s *Store) Delete(id string, read uint64, by approvals.Authority) (approvals.SessionRules, error) {
	return s.write(id, func(cur approvals.SessionRules) (approvals.SessionRules, error) { return cur.Remove(read, by) })
}

// write runs read-check-write under the folder's lock.
func (s *Store) write(id string, change func(approvals.SessionRules) (approvals.SessionRules, error)) (approvals.SessionRules, error) {
	if err := approvals.ValidateSessionID(id); err != nil {
		return approvals.SessionRules{}, err
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return approvals.SessionRules{}, fmt.Errorf("creating the sessions folder: %w", err)
	}
	unlock, err := s.lock()
	if err != nil {
		return approvals.SessionRules{}, err
	}
	defer unlock()
	cur, err := s.read(id)
	if err != nil {
		// A broken file still holds the high-water mark: writing over it could reuse revisions.
		return approvals.SessionRules{}, fmt.Errorf("%w; fix or remove the file before writing the session again", err)
	}
	next, err := change(cur)
	if err != nil {
		return approvals.SessionRules{}, err
	}
	next.Updated = s.now().UTC()
	if err := writeAtomic(s.dir, id, encode(next)); err != nil {
		return approvals.SessionRules{}, fmt.Errorf("writing session %q: %w", id, err)
	}
	return next, nil
}

// lock takes the folder's lock and returns its release.
func (s *Store) lock() (func(), error) {
	unlock, err := filelock.Lock(filepath.Join(s.dir, lockName))
	if err != nil {
		return nil, fmt.Errorf("locking the sessions folder: %w", err)
	}
	return unlock, nil
}

// List reads every session file and returns the sessions that hold rules, sorted by id. A file
// that cannot be read is left out and reported in the error, next to the sessions that could.
func (s *Store) List() ([]approvals.SessionRules, error) {
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []approvals.SessionRules{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing sessions: %w", err)
	}
	out := []approvals.SessionRules{}
	var errs []error
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() || approvals.ValidateSessionID(id) != nil {
			continue
		}
		got, err := s.read(id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if got.Exists() {
			out = append(out, got)
		}
	}
	slices.SortFunc(out, func(a, b approvals.SessionRules) int { return strings.Compare(a.ID, b.ID) })
	return out, errors.Join(errs...)
}
