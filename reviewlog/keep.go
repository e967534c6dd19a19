package reviewlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"slices"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// Rotation drops the oldest generation, but not every session's last word: before it goes, the
// newest KeptPerSession entries of each session it holds are merged into the kept file
// (review.jsonl.kept), which Read lists first. An agent that floods the log with calls pushes
// out its own older entries, never the last ones of every other session. The kept file holds
// at most KeptSessions sessions, those active most recently.
const (
	KeptPerSession = 20
	KeptSessions   = 256
)

// keptPath is the kept file of the log at path.
func keptPath(path string) string { return path + ".kept" }

// keepFrom merges the newest entries per session of the file dropped into the kept file. It
// runs under the writers' lock, before dropped is removed.
func (l *Log) keepFrom(dropped string) error {
	data, err := os.ReadFile(dropped)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	old, err := os.ReadFile(keptPath(l.path))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	// The kept entries are older than the dropped file's: read them first, so that "newest"
	// is file order.
	bySession := map[string][][]byte{}
	var order []string // sessions, least recently seen first
	add := func(line []byte) {
		var e struct {
			Session string `json:"session"`
		}
		if len(bytes.TrimSpace(line)) == 0 || json.Unmarshal(line, &e) != nil {
			return
		}
		if i := slices.Index(order, e.Session); i >= 0 {
			order = append(order[:i], order[i+1:]...)
		}
		order = append(order, e.Session)
		lines := append(bySession[e.Session], line)
		if len(lines) > KeptPerSession {
			lines = lines[len(lines)-KeptPerSession:]
		}
		bySession[e.Session] = lines
	}
	for _, chunk := range [][]byte{old, data} {
		for _, line := range bytes.Split(chunk, []byte("\n")) {
			add(line)
		}
	}
	if len(order) > KeptSessions {
		order = order[len(order)-KeptSessions:]
	}
	// Written in time order of each session's newest entry, each session's entries together.
	var out bytes.Buffer
	for _, s := range order {
		for _, line := range bySession[s] {
			out.Write(line)
			out.WriteByte('\n')
		}
	}
	return atomicfile.Write(keptPath(l.path), out.Bytes(), 0o600)
}
