package inbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// protocolVersion is written into every inbox file; a reader refuses files of a newer version
// rather than misreading them.
const protocolVersion = 1

// File names in the inbox. A request is ID.request.json, written by the gate; its answer is
// ID.response.json, written by the server; server.json is the serving record.
const (
	requestSuffix  = ".request.json"
	responseSuffix = ".response.json"
	recordName     = "server.json"
)

// Inbox is the folder through which gates forward questions to the app:
// agent-manager/inbox/ in the agent dir.
type Inbox struct{ Dir string }

// In is the inbox of dirs' agent dir.
func In(dirs locations.Dirs) Inbox {
	return Inbox{Dir: dirs.InboxDir()}
}

// Request is a call the gate forwards for a person to answer, as written in the request file.
type Request struct {
	Version int           `json:"version"`
	ID      string        `json:"id"`
	Client  decide.Client `json:"client"`
	Session string        `json:"session"` // the key of the session's rules: one per agent (Call.SessionKey)
	// AgentID names the subagent that made the call; "" for the main thread.
	AgentID string `json:"agent_id,omitempty"`
	Agent   string `json:"agent"` // the persona the gate decided with (the nearest of a subagent's chain)
	// Callers are the other personas of a subagent's chain, outermost first: the app decides
	// with each of them too, so that its answer by rule is never looser than the gate's.
	Callers    []string      `json:"callers,omitempty"`
	Tool       string        `json:"tool"` // as the agent named it
	Permission string        `json:"permission"`
	Value      string        `json:"value"`
	Cwd        string        `json:"cwd,omitempty"`
	Reason     string        `json:"reason"` // why the gate asks, naming the rule
	Rule       *engine.Rule  `json:"rule"`   // the rule that asked; null for the default ask
	Source     string        `json:"source"`
	Units      []decide.Unit `json:"units,omitempty"`
	// Suggestions are the patterns an always reply would store (engine.Suggestions).
	Suggestions []string  `json:"suggestions"`
	PID         int       `json:"pid"` // the waiting gate, so that a server can drop a dead gate's request
	Created     time.Time `json:"created"`
	Deadline    time.Time `json:"deadline"` // the gate stops waiting then
}

// Response is the server's answer to a request, as written in the response file.
type Response struct {
	Version int                 `json:"version"`
	ID      string              `json:"id"`
	Action  engine.Action       `json:"action"` // allow or deny
	Reply   approvals.ReplyKind `json:"reply,omitempty"`
	By      approvals.Resolver  `json:"by"` // person, rule or session rule
	Message string              `json:"message,omitempty"`
	Cause   string              `json:"cause,omitempty"`  // the request whose reply settled this one
	Rules   engine.Ruleset      `json:"rules,omitempty"`  // what an always reply stored
	Reason  string              `json:"reason,omitempty"` // why, when no person replied
	Server  int                 `json:"server"`           // pid of the server that answered
	At      time.Time           `json:"at"`
}

func (in Inbox) requestPath(id string) string  { return filepath.Join(in.Dir, id+requestSuffix) }
func (in Inbox) responsePath(id string) string { return filepath.Join(in.Dir, id+responseSuffix) }
func (in Inbox) recordPath() string            { return filepath.Join(in.Dir, recordName) }

// ensure creates the inbox folder, private to its owner.
func (in Inbox) ensure() error {
	if err := os.MkdirAll(in.Dir, 0o700); err != nil {
		return fmt.Errorf("cannot create the inbox: %w", err)
	}
	return nil
}

// writeJSON writes v as path atomically, creating the inbox first.
func (in Inbox) writeJSON(path string, v any) error {
	if err := in.ensure(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("cannot encode %s: %w", filepath.Base(path), err)
	}
	return writeAtomic(path, append(data, '\n'))
}

// readJSON reads path into v, refusing a newer protocol version. A missing file is returned as
// an error wrapping fs.ErrNotExist.
func readJSON(path string, v any, version func() int) error {
	data, err := regularfile.Read(path, regularfile.RecordLimit)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s is not a valid inbox file: %w", path, err)
	}
	if got := version(); got > protocolVersion {
		return fmt.Errorf("%s has protocol version %d, newer than this agentmgr's %d; use the same agentmgr for the gate and the app", path, got, protocolVersion)
	}
	return nil
}

// submit writes the request file.
func (in Inbox) submit(r Request) error {
	if !validID(r.ID) {
		return fmt.Errorf("request id %q is not an inbox id", r.ID)
	}
	return in.writeJSON(in.requestPath(r.ID), r)
}

// readRequest reads the request file of id.
func (in Inbox) readRequest(id string) (Request, error) {
	var r Request
	if err := readJSON(in.requestPath(id), &r, func() int { return r.Version }); err != nil {
		return r, err
	}
	if r.ID != id {
		return r, fmt.Errorf("%s names request %q; a request file must name itself", in.requestPath(id), r.ID)
	}
	return r, nil
}

// respond writes the response file of r.ID.
func (in Inbox) respond(r Response) error {
	if !validID(r.ID) {
		return fmt.Errorf("response id %q is not an inbox id", r.ID)
	}
	return in.writeJSON(in.responsePath(r.ID), r)
}

// readResponse reads the response to request id; ok is false while there is none.
func (in Inbox) readResponse(id string) (r Response, ok bool, err error) {
	err = readJSON(in.responsePath(id), &r, func() int { return r.Version })
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return r, false, nil
	case err != nil:
		return r, false, err
	case r.ID != id:
		return r, false, fmt.Errorf("%s answers request %q; a response file must name its request", in.responsePath(id), r.ID)
	}
	return r, true, nil
}

// removeRequest removes the request of id and its response, if any. Missing files are fine:
// the other side may have cleaned up first.
func (in Inbox) removeRequest(id string) {
	os.Remove(in.requestPath(id))
	os.Remove(in.responsePath(id))
}

// inboxFile is one file of the inbox, by kind.
type inboxFile struct {
	id       string
	response bool
	mod      time.Time
}

// files lists the request and response files, requests in the order they were made. Other
// files (the record, temporary files, strangers) are left out; temps are returned apart, for
// cleanup.
func (in Inbox) files() (files []inboxFile, temps []inboxFile, err error) {
	entries, err := os.ReadDir(in.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read the inbox: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		f := inboxFile{}
		if info, err := e.Info(); err == nil {
			f.mod = info.ModTime()
		}
		switch {
		case strings.HasPrefix(name, "."): // a write in progress
			f.id = name
			temps = append(temps, f)
			continue
		case strings.HasSuffix(name, requestSuffix):
			f.id = strings.TrimSuffix(name, requestSuffix)
		case strings.HasSuffix(name, responseSuffix):
			f.id, f.response = strings.TrimSuffix(name, responseSuffix), true
		default:
			continue
		}
		if validID(f.id) {
			files = append(files, f)
		}
	}
	sort.Slice(files, func(i, j int) bool {
		if files[i].id != files[j].id {
			return files[i].id < files[j].id
		}
		return !files[i].response && files[j].response
	})
	return files, temps, nil
}
