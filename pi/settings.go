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
	"github.com/agentmgr/agentmgr/internal/ownedfile"
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

// readSettings reads a settings file; a missing one is an empty object.
func readSettings(path string) (ownedfile.Object, bool, error) {
	data, err := regularfile.Read(path, regularfile.StateLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return ownedfile.Object{}, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return ownedfile.Object{}, true, nil
	}
	o, err := ownedfile.ParseObject(data)
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
	raw, ok := sub.Get(defaultExtensions)
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

func subagentsObject(path string, o ownedfile.Object) (ownedfile.Object, error) {
	raw, ok := o.Get(subagentsKey)
	if !ok {
		return nil, nil
	}
	sub, err := ownedfile.ParseObject(raw)
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
	raw, had := sub.Get(defaultExtensions)
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
		sub = sub.Del(defaultExtensions)
	} else {
		v, _ := json.Marshal(list)
		sub = sub.Set(defaultExtensions, v)
	}
	if len(sub) == 0 {
		o = o.Del(subagentsKey)
	} else {
		o = o.Set(subagentsKey, sub.Marshal())
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
	if err := atomicfile.Write(path, o.Marshal(), mode); err != nil {
		return false, err
	}
	return true, nil
}
