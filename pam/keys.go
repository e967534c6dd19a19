package pam

import (
	"encoding/json"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"path/filepath"
)

// Key action ids the AM reads from keybindings.json. It has no default keys.
const (
	KeyNext     = "piAgentManager.next"
	KeyPrevious = "piAgentManager.previous"
	KeyPicker   = "piAgentManager.picker"
)

// KeyIDs are the ids in the AM's order.
var KeyIDs = []string{KeyNext, KeyPrevious, KeyPicker}

// Keys are the keys bound to each action; an action with none is unbound ("(unbound)" in the
// AM's help).
type Keys struct {
	Next     []string `json:"piAgentManager.next"`
	Previous []string `json:"piAgentManager.previous"`
	Picker   []string `json:"piAgentManager.picker"`
}

// For returns the keys of an action id.
func (k Keys) For(id string) []string {
	switch id {
	case KeyNext:
		return k.Next
	case KeyPrevious:
		return k.Previous
	case KeyPicker:
		return k.Picker
	}
	return nil
}

// ParseKeys is loadAgentShortcuts over the file's bytes: a string is one key, a list of strings
// is its keys, anything else (or a file that is not a JSON object) binds nothing.
func ParseKeys(data []byte) Keys {
	k := Keys{Next: []string{}, Previous: []string{}, Picker: []string{}}
	var raw map[string]json.RawMessage
	if data == nil || json.Unmarshal(data, &raw) != nil || raw == nil {
		return k
	}
	get := func(id string) []string {
		v, ok := raw[id]
		if !ok {
			return []string{}
		}
		var x any
		if json.Unmarshal(v, &x) != nil {
			return []string{}
		}
		switch x := x.(type) {
		case string:
			return []string{x}
		case []any:
			out := []string{}
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return []string{}
				}
				out = append(out, s)
			}
			return out
		}
		return []string{}
	}
	k.Next, k.Previous, k.Picker = get(KeyNext), get(KeyPrevious), get(KeyPicker)
	return k
}

// LoadKeys reads agentDir/keybindings.json as the AM does; a missing or unreadable file binds
// nothing.
func LoadKeys(agentDir string) Keys {
	data, err := regularfile.Read(filepath.Join(agentDir, "keybindings.json"), regularfile.StateLimit)
	if err != nil {
		data = nil
	}
	return ParseKeys(data)
}
