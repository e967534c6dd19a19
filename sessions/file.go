package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// A session file is one JSON object, written with one rule per line so that a person can read
// it and a diff shows which rule changed:
//
//	{
//	  "id": "s1",
//	  "revision": 3,
//	  "generation": 1,
//	  "deleted": false,
//	  "updated": "2026-01-02T15:04:05.123Z",
//	  "rules": [
//	    {"permission":"bash","pattern":"git push *","action":"allow"},
//	    {"permission":"read","pattern":"*.env","action":"deny","reason":"secrets"}
//	  ]
//	}
//
// Unknown keys are ignored, so that a later version may add some.

type ruleJSON struct {
	Permission *string `json:"permission"`
	Pattern    *string `json:"pattern"`
	Action     *string `json:"action"`
	Reason     string  `json:"reason,omitempty"`
}

// encode renders s as a session file.
func encode(s approvals.SessionRules) []byte {
	var b bytes.Buffer
	field := func(name string, v any) {
		j, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s,\n", name, j)
	}
	b.WriteString("{\n")
	field("id", s.ID)
	field("revision", s.Revision)
	field("generation", s.Generation)
	field("deleted", s.Deleted)
	field("updated", s.Updated.UTC().Format(time.RFC3339Nano))
	b.WriteString(`  "rules": [`)
	for i, r := range s.Rules {
		perm, pat, act := r.Permission, r.Pattern, string(r.Action)
		j, _ := json.Marshal(ruleJSON{Permission: &perm, Pattern: &pat, Action: &act, Reason: r.Reason})
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(j)
	}
	if len(s.Rules) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

// decode reads the session file at path, which must hold session id. Errors carry the file,
// line and column.
func decode(path, id string, data []byte) (approvals.SessionRules, error) {
	d := &decoder{path: path, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	s, err := d.session()
	if err != nil {
		return approvals.SessionRules{}, err
	}
	if s.ID != id {
		return approvals.SessionRules{}, fmt.Errorf("%s: holds session %q, not %q; was it copied or renamed?", path, s.ID, id)
	}
	if s.Revision == 0 {
		return approvals.SessionRules{}, d.errAt(0, `"revision" is missing or 0; a stored session has revision 1 or more`)
	}
	if s.Deleted && len(s.Rules) > 0 {
		return approvals.SessionRules{}, d.errAt(0, "a deleted session holds no rules")
	}
	for i := range s.Rules {
		s.Rules[i].Source = engine.Source{Kind: engine.FromSession, Name: id, Line: i + 1}
	}
	return s, nil
}

type decoder struct {
	path string
	data []byte
	dec  *json.Decoder
}

func (d *decoder) session() (approvals.SessionRules, error) {
	var s approvals.SessionRules
	if err := d.delim('{', "the file to be a JSON object"); err != nil {
		return s, err
	}
	seenID := false
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return s, d.syntax(err)
		}
		key, _ := tok.(string)
		at := d.next(d.dec.InputOffset())
		switch key {
		case "id":
			seenID = true
			err = d.value(&s.ID, key)
		case "revision":
			s.Revision, err = d.uint(key)
		case "generation":
			s.Generation, err = d.uint(key)
		case "deleted":
			err = d.value(&s.Deleted, key)
		case "updated":
			var t string
			if err = d.value(&t, key); err == nil {
				if s.Updated, err = time.Parse(time.RFC3339Nano, t); err != nil {
					err = d.errAt(at, fmt.Sprintf(`"updated": %q is not an RFC 3339 time`, t))
				}
			}
		case "rules":
			s.Rules, err = d.rules()
		default:
			var skip json.RawMessage
			err = d.value(&skip, key)
		}
		if err != nil {
			return s, err
		}
	}
	if _, err := d.dec.Token(); err != nil {
		return s, d.syntax(err)
	}
	at := d.next(d.dec.InputOffset())
	if _, err := d.dec.Token(); err != io.EOF {
		return s, d.errAt(at, "unexpected data after the session object")
	}
	if !seenID {
		return s, d.errAt(0, `"id" is missing`)
	}
	return s, nil
}

func (d *decoder) rules() (engine.Ruleset, error) {
	if err := d.delim('[', `"rules" to be a list`); err != nil {
		return nil, err
	}
	var rs engine.Ruleset
	for i := 1; d.dec.More(); i++ {
		at := d.next(d.dec.InputOffset())
		var r ruleJSON
		if err := d.dec.Decode(&r); err != nil {
			return nil, d.typeError(err, fmt.Sprintf("rules[%d]", i))
		}
		switch {
		case r.Permission == nil || *r.Permission == "":
			return nil, d.errAt(at, fmt.Sprintf(`rules[%d]: "permission" is missing or empty`, i))
		case r.Pattern == nil:
			return nil, d.errAt(at, fmt.Sprintf(`rules[%d]: "pattern" is missing`, i))
		case r.Action == nil:
			return nil, d.errAt(at, fmt.Sprintf(`rules[%d]: "action" is missing`, i))
		}
		a, err := engine.ParseAction(*r.Action)
		if err != nil {
			return nil, d.errAt(at, fmt.Sprintf("rules[%d]: %v", i, err))
		}
		rs = append(rs, engine.Rule{Permission: *r.Permission, Pattern: *r.Pattern, Action: a, Reason: r.Reason})
	}
	if _, err := d.dec.Token(); err != nil {
		return nil, d.syntax(err)
	}
	return rs, nil
}

// delim reads the opening delimiter want.
func (d *decoder) delim(want json.Delim, expected string) error {
	at := d.next(d.dec.InputOffset())
	tok, err := d.dec.Token()
	if err != nil {
		return d.syntax(err)
	}
	if tok != want {
		return d.errAt(at, "expected "+expected)
	}
	return nil
}

func (d *decoder) value(v any, key string) error {
	if err := d.dec.Decode(v); err != nil {
		return d.typeError(err, strconv.Quote(key))
	}
	return nil
}

func (d *decoder) uint(key string) (uint64, error) {
	at := d.next(d.dec.InputOffset())
	var raw json.RawMessage
	if err := d.value(&raw, key); err != nil {
		return 0, err
	}
	// Parsing the raw text refuses what json.Number would let through: "1", -1, 1e3.
	u, err := strconv.ParseUint(string(raw), 10, 64)
	if err != nil {
		return 0, d.errAt(at, fmt.Sprintf("%q: %s is not a whole number from 0 up", key, raw))
	}
	return u, nil
}

// typeError positions a decoding error of the value named what.
func (d *decoder) typeError(err error, what string) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := ""
		if te.Field != "" {
			field = "." + te.Field
		}
		return d.errAt(te.Offset, fmt.Sprintf("%s%s: expected %s, got JSON %s", what, field, te.Type, te.Value))
	}
	return d.syntax(err)
}

func (d *decoder) syntax(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return d.errAt(se.Offset, "broken JSON: "+se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return d.errAt(int64(len(d.data)), "the file ends too early; was a write cut short?")
	}
	return d.errAt(d.dec.InputOffset(), err.Error())
}

// next skips the blanks and commas after offset, to where the next value starts.
func (d *decoder) next(off int64) int64 {
	for off < int64(len(d.data)) {
		switch d.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// errAt is msg at byte offset off of the file, as "path:line:col: msg" (columns count
// characters).
func (d *decoder) errAt(off int64, msg string) error {
	off = min(max(off, 0), int64(len(d.data)))
	line, col := 1, 1
	for _, r := range string(d.data[:off]) {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("%s:%d:%d: %s", d.path, line, col, msg)
}
