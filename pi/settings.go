package pi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// pi keeps its settings in settings.json beside extensions/ (the agent dir, or a project's
// .pi folder). pi-subagents reads its own keys from the "subagents" object there; the one
// agentmgr writes is defaultExtensions, the extensions every child whose agent file names no
// extensions of its own loads.
const (
	SettingsName      = "settings.json"
	subagentsKey      = "subagents"
	defaultExtensions = "defaultExtensions"
)

// member is one key of a JSON object, its value as written.
type member struct {
	key   string
	value json.RawMessage
}

// object is a JSON object in file order, so that a rewrite keeps the keys where they were.
type object []member

func (o object) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

// set replaces key's value, or appends the key when it is not there.
func (o object) set(key string, v json.RawMessage) object {
	for i, m := range o {
		if m.key == key {
			o[i].value = v
			return o
		}
	}
	return append(o, member{key, v})
}

func (o object) del(key string) object {
	return slices.DeleteFunc(o, func(m member) bool { return m.key == key })
}

// parseObject reads a JSON object keeping its keys' order; a duplicate key is refused, since
// which one a reader takes is not defined.
func parseObject(data []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("it is not a JSON object")
	}
	var out object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string) // inside an object the decoder only gives string keys here
		if _, dup := out.get(key); dup {
			return nil, fmt.Errorf("the key %q appears twice", key)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("there is more after the object")
	}
	return out, nil
}

// marshal writes the object back, indented like pi writes its settings (two spaces).
func (o object) marshal() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	var out bytes.Buffer
	_ = json.Indent(&out, b.Bytes(), "", "  ") // the parts are valid JSON
	out.WriteByte('\n')
	return out.Bytes()
}

// readSettings reads a settings file; a missing one is an empty object.
func readSettings(path string) (object, bool, error) {
	data, err := regularfile.Read(path, regularfile.StateLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return object{}, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return object{}, true, nil
	}
	o, err := parseObject(data)
	if err != nil {
		return nil, true, fmt.Errorf("%s is not valid JSON (%v); fix it first, agentmgr does not rewrite a file it cannot read", path, err)
	}
	return o, true, nil
}

// ChildExtensions are the extensions pi-subagents loads into every child whose agent file
// names none (subagents.defaultExtensions) in the settings file at path; nil when the key is
// not there.
func ChildExtensions(path string) ([]string, error) {
	o, _, err := readSettings(path)
	if err != nil {
		return nil, err
	}
	sub, err := subagentsObject(path, o)
	if err != nil || sub == nil {
		return nil, err
	}
	raw, ok := sub.get(defaultExtensions)
	if !ok {
		return nil, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%s: subagents.defaultExtensions is not a list of strings", path)
	}
	if list == nil {
		list = []string{}
	}
	return list, nil
}

func subagentsObject(path string, o object) (object, error) {
	raw, ok := o.get(subagentsKey)
	if !ok {
		return nil, nil
	}
	sub, err := parseObject(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: \"subagents\" is not a JSON object", path)
	}
	return sub, nil
}

// AddChildExtension adds ext to subagents.defaultExtensions in the settings file at path, so
// that pi-subagents' children load it too; it reports whether the file changed. Every other
// key, and the order of all of them, stays as it was.
func AddChildExtension(path, ext string) (bool, error) {
	return editChildExtensions(path, func(list []string, had bool) ([]string, bool) {
		if slices.Contains(list, ext) {
			return list, false
		}
		return append(list, ext), true
	})
}

// RemoveChildExtension takes ext out of subagents.defaultExtensions again; a list left empty
// is removed with its key (an empty list would mean "no extensions" to pi-subagents), and so
// is a "subagents" object left empty, and the file itself when nothing is left in it (install
// created it, or it held nothing pi reads: pi takes a missing file for an empty one).
func RemoveChildExtension(path, ext string) (bool, error) {
	return editChildExtensions(path, func(list []string, had bool) ([]string, bool) {
		if !slices.Contains(list, ext) {
			return list, false
		}
		return slices.DeleteFunc(list, func(s string) bool { return s == ext }), true
	})
}

func editChildExtensions(path string, edit func(list []string, had bool) ([]string, bool)) (bool, error) {
	o, exists, err := readSettings(path)
	if err != nil {
		return false, err
	}
	sub, err := subagentsObject(path, o)
	if err != nil {
		return false, err
	}
	var list []string
	raw, had := sub.get(defaultExtensions)
	if had {
		if err := json.Unmarshal(raw, &list); err != nil {
			return false, fmt.Errorf("%s: subagents.defaultExtensions is not a list of strings; fix it first", path)
		}
	}
	list, changed := edit(list, had)
	if !changed {
		return false, nil
	}
	if len(list) == 0 {
		sub = sub.del(defaultExtensions)
	} else {
		v, _ := json.Marshal(list)
		sub = sub.set(defaultExtensions, v)
	}
	if len(sub) == 0 {
		o = o.del(subagentsKey)
	} else {
		o = o.set(subagentsKey, sub.marshal())
	}
	if len(o) == 0 {
		if !exists {
			return false, nil
		}
		if err := os.Remove(path); err != nil {
			return false, fmt.Errorf("removing %s, left empty: %w", path, err)
		}
		return true, nil
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := atomicfile.Write(path, o.marshal(), mode); err != nil {
		return false, err
	}
	return true, nil
}
