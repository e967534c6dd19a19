package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"time"
)

// Heartbeat timing. The server refreshes its record every HeartbeatEvery; a record older than
// StaleAfter (three missed beats) means the server hangs or died without cleaning up.
const (
	HeartbeatEvery = time.Second
	StaleAfter     = 3 * time.Second
)

// Record is the serving record a running server keeps fresh in the inbox (server.json).
type Record struct {
	Version   int       `json:"version"`
	PID       int       `json:"pid"`
	Started   time.Time `json:"started"`
	Heartbeat time.Time `json:"heartbeat"`
	// Sessions are the sessions whose requests the server has picked up, first seen first,
	// at most maxRecordSessions of the latest.
	Sessions []string `json:"sessions"`
}

// maxRecordSessions bounds Record.Sessions, so that a long-running app keeps a small record.
const maxRecordSessions = 64

// ErrNotServing is wrapped by the error that says why nobody serves the inbox.
var ErrNotServing = errors.New("nobody is serving agentmgr's inbox")

// readRecord reads the serving record; a missing one wraps fs.ErrNotExist.
func (in Inbox) readRecord() (Record, error) {
	var r Record
	err := readJSON(in.recordPath(), &r, func() int { return r.Version })
	return r, err
}

// Serving returns the serving record when a live server keeps it: the record is present, its
// process runs, and its heartbeat is fresh at now. Otherwise the error wraps ErrNotServing and
// says which of the three failed.
func (in Inbox) Serving(now time.Time) (Record, error) {
	r, err := in.readRecord()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return r, fmt.Errorf("%w: the app is not running (no serving record)", ErrNotServing)
	case err != nil:
		return r, fmt.Errorf("%w: %w", ErrNotServing, err)
	}
	return r, r.live(now)
}

// live says why the record is not live at now, or nil when it is.
func (r Record) live(now time.Time) error {
	if !processAlive(r.PID) {
		return fmt.Errorf("%w: the app that served it (pid %d) is gone", ErrNotServing, r.PID)
	}
	// A heartbeat from the future also counts as stale: after the clock went back, a record
	// left by a dead server whose pid was reused must not look fresh forever.
	switch age := now.Sub(r.Heartbeat); {
	case age > StaleAfter:
		return fmt.Errorf("%w: the app (pid %d) stopped answering; its last heartbeat is %s old", ErrNotServing, r.PID, age.Round(time.Second))
	case age < -StaleAfter:
		return fmt.Errorf("%w: the heartbeat of pid %d is dated %s in the future", ErrNotServing, r.PID, (-age).Round(time.Second))
	}
	return nil
}
