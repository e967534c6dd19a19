package sessions

import (
	"path/filepath"
	"slices"

	"github.com/agentmgr/agentmgr/locations"
)

// Written remembers, per session, the files the agent wrote that a command runs later (a
// Makefile that make runs, a conftest.py that pytest imports): the decision layer asks once
// before such a command runs a file the agent wrote (decide.WithWritten). One JSON file per
// session in Dir, beside the session rules where agentmgr keeps its state, written under a lock
// so that parallel hooks lose no write: the agent's tools do not reach it, so it cannot forget a
// file on the agent's behalf.
type Written struct {
	Dir string
}

// OpenWritten returns the store of dirs' agent dir: a folder of the sessions folder, which
// Store.List skips.
func OpenWritten(dirs locations.Dirs) Written {
	return Written{Dir: filepath.Join(dirs.SessionsDir(), "written")}
}

// writtenFile is one session's record.
type writtenFile struct {
	// Files are absolute paths (or paths as the agent spelt them when no working directory was
	// known), oldest first, each once.
	Files []string `json:"files"`
}

// maxWritten bounds a session's record. Past it the oldest files are forgotten: an agent that
// writes thousands of Makefiles is asked about the newest ones.
const maxWritten = 1024

// Wrote adds paths to the files session's agent wrote; a path already there stays where it is.
func (w Written) Wrote(session string, paths []string) error {
	return w.update(session, func(f *writtenFile) {
		for _, p := range paths {
			if !slices.Contains(f.Files, p) {
				f.Files = append(f.Files, p)
			}
		}
		if len(f.Files) > maxWritten {
			f.Files = f.Files[len(f.Files)-maxWritten:]
		}
	})
}

// Files are the files session's agent wrote and no person has let run since.
func (w Written) Files(session string) ([]string, error) {
	f, err := w.read(session)
	return f.Files, err
}

// Settled drops paths: a person let a command run them, until they are written again.
func (w Written) Settled(session string, paths []string) error {
	return w.update(session, func(f *writtenFile) {
		f.Files = slices.DeleteFunc(f.Files, func(p string) bool { return slices.Contains(paths, p) })
	})
}

func (w Written) read(session string) (writtenFile, error) {
	return ReadRecord[writtenFile](w.Dir, session)
}

func (w Written) update(session string, change func(*writtenFile)) error {
	return UpdateRecord(w.Dir, session, change)
}
