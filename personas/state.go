package personas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// State is agentmgr's state file, agent-manager/state.json in the agent dir: the active persona
// and two switches. Keys other programs add to the file are kept, in their order.
type State struct {
	Active   string // the active persona's name; "" means the default, planner
	Envelope bool   // inject the permission envelope into the system prompt (default on)
	Yolo     bool   // turn every ask into allow; deny stays deny (default off)

	other []stateKey // keys this package does not know, in file order
	order []string   // the order of every key as read, to write them back in place
}

type stateKey struct {
	key string
	raw json.RawMessage
}

// DefaultState is the state when there is no state file.
func DefaultState() State { return State{Envelope: true} }

// LoadState reads the state file. A missing file is the default state; a broken one is the
// default state with an error problem, so that a typo never blocks the agent.
func LoadState(d locations.Dirs) (State, []Problem) {
	path := d.StateFile()
	data, err := regularfile.Read(path, regularfile.StateLimit)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return DefaultState(), nil
		}
		return DefaultState(), []Problem{{File: path, Severity: Error, Message: "cannot read the state file: " + unwrapPathError(err)}}
	}
	s, err := parseState(data)
	if err != nil {
		line, col := offsetPos(data, jsonErrorOffset(err))
		return DefaultState(), []Problem{{File: path, Line: line, Col: col, Severity: Error,
			Message: "the state file is not valid (" + err.Error() + "); the default agent is used until it is fixed or rewritten"}}
	}
	return s, nil
}

// parseState reads the JSON object key by key, keeping unknown keys and the order of all.
func parseState(data []byte) (State, error) {
	s := DefaultState()
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return s, err
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return s, fmt.Errorf("expected a JSON object")
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return s, err
		}
		key, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return s, err
		}
		s.order = append(s.order, key)
		var perr error
		switch key {
		case "active":
			perr = json.Unmarshal(raw, &s.Active)
		case "envelope":
			perr = json.Unmarshal(raw, &s.Envelope)
		case "yolo":
			perr = json.Unmarshal(raw, &s.Yolo)
		default:
			s.other = append(s.other, stateKey{key, raw})
		}
		if perr != nil {
			// Point at the value, not at the offset inside it json reports.
			return s, &valueError{off: dec.InputOffset() - int64(len(raw)), err: fmt.Errorf("%s: %w", key, perr)}
		}
	}
	if _, err := dec.Token(); err != nil {
		return s, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return s, fmt.Errorf("unexpected data after the JSON object")
	}
	return s, nil
}

// Marshal writes the state as indented JSON: keys in the order read, new keys after them.
func (s State) Marshal() []byte {
	known := map[string]any{"active": s.Active, "envelope": s.Envelope, "yolo": s.Yolo}
	other := map[string]json.RawMessage{}
	for _, o := range s.other {
		other[o.key] = o.raw
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	written := map[string]bool{}
	first := true
	write := func(k string, v []byte) {
		if written[k] {
			return
		}
		written[k] = true
		if !first {
			b.WriteString(",\n")
		}
		first = false
		kj, _ := json.Marshal(k)
		var ind bytes.Buffer
		if json.Indent(&ind, v, "  ", "  ") != nil {
			ind.Reset()
			ind.Write(v)
		}
		fmt.Fprintf(&b, "  %s: %s", kj, ind.Bytes())
	}
	for _, k := range append(append([]string{}, s.order...), "active", "envelope", "yolo") {
		if v, ok := known[k]; ok {
			j, _ := json.Marshal(v)
			write(k, j)
		} else if raw, ok := other[k]; ok {
			write(k, raw)
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}

// SaveState writes the state file atomically, creating agent-manager/ when needed.
func SaveState(d locations.Dirs, s State) error {
	path := d.StateFile()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", filepath.Dir(path), err)
	}
	if err := atomicfile.Write(path, s.Marshal(), 0o644); err != nil {
		return fmt.Errorf("cannot write the state file: %w", err)
	}
	return nil
}

// ActivePersona is the persona the state names, found in c. An empty name is the default,
// planner; a name the catalog does not have (deleted, renamed, broken) falls back to planner
// with a warning.
func ActivePersona(c *Catalog, s State) (*Persona, []Problem) {
	name := s.Active
	if name == "" {
		name = builtin.Default
	}
	if p, ok := c.Lookup(name); ok {
		return p, nil
	}
	p, _ := c.Lookup(builtin.Default)
	return p, []Problem{{File: c.dirs.StateFile(), Severity: Warning,
		Message: fmt.Sprintf("the active agent %q does not exist any more; using %s", s.Active, builtin.Default)}}
}

// Cycle returns the persona step places away from current (1 next, -1 previous) among the
// personas offered for switching: primary and not hidden, in catalog order, wrapping around.
// When current is not among them, next is the first and previous is the last.
func Cycle(c *Catalog, current string, step int) (*Persona, error) {
	var ring []*Persona
	var listAt []int // each ring member's place in the catalog
	at, cur := -1, -1
	for i, p := range c.list {
		if p.Name == current {
			cur = i
		}
		if p.IsPrimary() && !p.Hidden {
			if p.Name == current {
				at = len(ring)
			}
			ring = append(ring, p)
			listAt = append(listAt, i)
		}
	}
	if len(ring) == 0 {
		return nil, fmt.Errorf("no persona to switch to: every persona is hidden or a subagent")
	}
	if at < 0 {
		// The current persona is not in the cycle (hidden, a subagent, or gone): its
		// neighbours in catalog order, so that a hidden persona sits where its file does.
		if step < 0 {
			for k := len(ring) - 1; k >= 0 && cur >= 0; k-- {
				if listAt[k] < cur {
					return ring[k], nil
				}
			}
			return ring[len(ring)-1], nil
		}
		for k := range ring {
			if cur >= 0 && listAt[k] > cur {
				return ring[k], nil
			}
		}
		return ring[0], nil
	}
	n := len(ring)
	return ring[((at+step)%n+n)%n], nil
}

// valueError is a state value of the wrong type, at the offset where the value starts.
type valueError struct {
	off int64
	err error
}

func (e *valueError) Error() string { return e.err.Error() }

// jsonErrorOffset is the offset of the byte a JSON error is about, or 0.
func jsonErrorOffset(err error) int64 {
	var ve *valueError
	if errors.As(err, &ve) {
		return ve.off
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Offset
	}
	return 0
}

// offsetPos turns a byte offset into a 1-based line and character column.
func offsetPos(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	t := newText(data)
	line := t.lineOf(int(off))
	col := len([]rune(string(data[t.lineStart(line):off]))) + 1
	return line, col
}

// SubagentRefusal is the one answer, in the CLI and in pi, to switching to subagent name.
func SubagentRefusal(name string) string {
	return name + " is a subagent; it is not offered for switching (it decides the calls of a subagent of its name)"
}
