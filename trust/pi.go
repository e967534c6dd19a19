package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
)

// piDecision is what pi's trust store says of a folder: the entry that decides (the nearest
// of the folder and its ancestors that the store names true or false) and its value.
type piDecision struct {
	Path    string // the store's key that decided; "" when none did
	Trusted bool
}

// piEntry is one key of pi's trust store, in file order.
type piEntry struct {
	key   string
	value *bool // nil for null: pi's "no decision here"
}

// readPiStore reads pi's trust store (a JSON object of folder -> true, false or null, as pi's
// ProjectTrustStore writes it). A missing file has no entries; a file pi would refuse (not an
// object, another value) is an error, and no decision is taken from it.
func readPiStore(path string) ([]piEntry, error) {
	data, err := readSmall(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read pi's trust store %s: %w", path, err)
	}
	entries, err := parsePiStore(data)
	if err != nil {
		return nil, fmt.Errorf("pi's trust store %s is broken: %w", path, err)
	}
	return entries, nil
}

// parsePiStore decodes pi's trust store keeping its keys' order: pi takes, of two keys naming
// one folder, the first.
func parsePiStore(data []byte) ([]piEntry, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // pi strips a byte-order mark too
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(data, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("expected a JSON object")
	}
	var out []piEntry
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(data, err)
		}
		key, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, jsonError(data, err)
		}
		e := piEntry{key: key}
		switch b := v.(type) {
		case bool:
			e.value = &b
		case nil:
		default:
			return nil, fmt.Errorf("the value for %q must be true, false or null", key)
		}
		out = append(out, e)
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(data, err)
	}
	if dec.More() {
		return nil, errors.New("unexpected data after the JSON object")
	}
	return out, nil
}

// nearest is pi's answer for folder dir (resolved, absolute): the entry for dir or its nearest
// ancestor with a true or false value, as pi's findNearestTrustEntry walks up.
func nearest(entries []piEntry, dir string) piDecision {
	for cur := dir; ; {
		for _, e := range entries {
			if e.value != nil && samePath(e.key, cur) {
				return piDecision{Path: e.key, Trusted: *e.value}
			}
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return piDecision{}
		}
		cur = parent
	}
}

// samePath compares a store key with a folder as pi does: resolved, and case-folded on
// Windows. A relative key names no folder here (pi would read it against its own working
// directory, which agentmgr cannot know).
func samePath(key, dir string) bool {
	if !filepath.IsAbs(key) {
		return false
	}
	a, b := filepath.Clean(key), filepath.Clean(dir)
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// Default project trust, pi's defaultProjectTrust setting: what an undecided folder is.
const (
	piAsk    = "ask"
	piAlways = "always"
	piNever  = "never"
)

// readPiDefault reads defaultProjectTrust from pi's global settings file: "always" or
// "never" when it says so, else "ask" (pi's own default, and what it makes of any other value).
func readPiDefault(path string) (string, error) {
	data, err := readSmall(path)
	if errors.Is(err, fs.ErrNotExist) {
		return piAsk, nil
	}
	if err != nil {
		return piAsk, fmt.Errorf("cannot read pi's settings %s: %w", path, err)
	}
	var v struct {
		Default any `json:"defaultProjectTrust"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\uFEFF")), &v); err != nil {
		return piAsk, fmt.Errorf("pi's settings %s are broken: %w", path, jsonError(data, err))
	}
	switch v.Default {
	case piAlways, piNever:
		return v.Default.(string), nil
	}
	return piAsk, nil
}
