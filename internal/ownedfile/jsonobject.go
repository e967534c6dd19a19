package ownedfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Member is one key of a JSON object, its value as written.
type Member struct {
	Key   string
	Value json.RawMessage
}

// Object is a JSON object in file order, so that a rewrite of another program's settings keeps
// the keys where they were and every value agentmgr does not touch as it was.
type Object []Member

// Get is key's value, as written.
func (o Object) Get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Set replaces key's value, or appends the key when it is not there.
func (o Object) Set(key string, v json.RawMessage) Object {
	for i, m := range o {
		if m.Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, Member{key, v})
}

// Del removes key.
func (o Object) Del(key string) Object {
	return slices.DeleteFunc(o, func(m Member) bool { return m.Key == key })
}

// ParseObject reads a JSON object keeping its keys' order; a duplicate key is refused, since
// which one a reader takes is not defined.
func ParseObject(data []byte) (Object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("it is not a JSON object")
	}
	out := Object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, errors.New("an object key is not a string")
		}
		if _, dup := out.Get(key); dup {
			return nil, fmt.Errorf("the key %q appears twice", key)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, Member{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("there is more after the object")
	}
	return out, nil
}

// Marshal writes the object indented by two spaces, as the runtimes write their settings.
func (o Object) Marshal() []byte {
	var out bytes.Buffer
	_ = json.Indent(&out, objectJSON(o), "", "  ") // the parts are valid JSON
	out.WriteByte('\n')
	return out.Bytes()
}
