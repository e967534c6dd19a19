package codex

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// config is Codex's config.toml as read: its text, and what it says about hooks' trust.
type config struct {
	path   string
	exists bool
	data   []byte
	state  map[string]string // trusted_hash by hook key
	// hooksOff is set when the file turns Codex's hooks feature off ([features] hooks =
	// false): no hook runs at all.
	hooksOff bool
}

// readConfig reads config.toml at path; a missing file trusts nothing. A file that is not
// valid TOML is an error: Codex would not start with it either, and agentmgr does not rewrite
// what it cannot read.
func readConfig(path string) (*config, error) {
	c := &config{path: path, state: map[string]string{}}
	data, there, err := ownedfile.ReadIfThere(path)
	if err != nil {
		return nil, err
	}
	if !there {
		return c, nil
	}
	c.exists, c.data = true, data
	state, err := trustState(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; fix it first, agentmgr does not rewrite a file it cannot read", path, err)
	}
	c.state = state
	var features struct {
		Features struct {
			Hooks *bool `toml:"hooks"`
		} `toml:"features"`
	}
	if _, err := toml.Decode(string(data), &features); err == nil && features.Features.Hooks != nil {
		c.hooksOff = !*features.Features.Hooks
	}
	return c, nil
}

// trustState reads hooks.state from config.toml's text: the trusted_hash of each hook key.
func trustState(data []byte) (map[string]string, error) {
	var doc struct {
		Hooks struct {
			State map[string]struct {
				TrustedHash string `toml:"trusted_hash"`
			} `toml:"state"`
		} `toml:"hooks"`
	}
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return nil, fmt.Errorf("it is not valid TOML (%v)", err)
	}
	out := map[string]string{}
	for k, v := range doc.Hooks.State {
		out[k] = v.TrustedHash
	}
	return out, nil
}

// header is the table header agentmgr writes for key's trust.
func header(key string) string {
	return "[hooks.state." + tomlString(key) + "]"
}

// tomlString is s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// trust makes config.toml say that the hook at key is trusted with hash, as Codex's own
// review writes it, keeping every other line as it is: the trusted_hash line of the key's
// table is replaced, or the table is added at the end. The result is read back before it is
// written; a file that names the key's trust in a form agentmgr does not edit is an error.
func (c *config) trust(key, hash string) error {
	if c.state[key] == hash {
		return nil
	}
	text := string(c.data)
	lines := strings.Split(text, "\n")
	at := tableAt(lines, header(key))
	line := "trusted_hash = " + tomlString(hash)
	switch {
	case at >= 0:
		end := tableEnd(lines, at)
		replaced := false
		for i := at + 1; i < end; i++ {
			if k, _, ok := strings.Cut(strings.TrimSpace(lines[i]), "="); ok && strings.TrimSpace(k) == "trusted_hash" {
				lines[i], replaced = line, true
			}
		}
		if !replaced {
			lines = append(lines[:at+1], append([]string{line}, lines[at+1:]...)...)
		}
		text = strings.Join(lines, "\n")
	case c.state[key] != "":
		return fmt.Errorf("%s trusts the hook %s in a form agentmgr does not edit; remove that entry of hooks.state, then run install again", c.path, key)
	default:
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if text != "" {
			text += "\n"
		}
		text += header(key) + "\n" + line + "\n"
	}
	return c.write([]byte(text), func(state map[string]string) bool { return state[key] == hash })
}

// untrust removes the table agentmgr wrote for key, when it is there in that form.
func (c *config) untrust(key string) error {
	lines := strings.Split(string(c.data), "\n")
	at := tableAt(lines, header(key))
	if at < 0 {
		return nil
	}
	end := tableEnd(lines, at)
	for i := at + 1; i < end; i++ {
		if t := strings.TrimSpace(lines[i]); t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "trusted_hash") {
			return nil // the table holds more than agentmgr wrote: it is left alone
		}
	}
	// The blank line install put before the table goes with it.
	from := at
	if from > 0 && strings.TrimSpace(lines[from-1]) == "" {
		from--
	}
	text := strings.Join(append(lines[:from:from], lines[end:]...), "\n")
	return c.write([]byte(text), func(state map[string]string) bool { _, ok := state[key]; return !ok })
}

// tableAt is the index of the line that is exactly the table header h, or -1.
func tableAt(lines []string, h string) int {
	for i, l := range lines {
		if strings.TrimSpace(l) == h {
			return i
		}
	}
	return -1
}

// tableEnd is the index of the line after the table starting at at: the next header.
func tableEnd(lines []string, at int) int {
	for i := at + 1; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "[") {
			return i
		}
	}
	return len(lines)
}

// write replaces config.toml with data once data reads back as valid TOML that ok accepts,
// refusing when the file changed on disk since it was read.
func (c *config) write(data []byte, ok func(map[string]string) bool) error {
	state, err := trustState(data)
	if err != nil || !ok(state) {
		return fmt.Errorf("agentmgr could not edit %s safely (the result would not read back as intended); trust the hook with Codex's /hooks instead", c.path)
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("cannot create the folder of %s: %w", c.path, err)
	}
	mode := fs.FileMode(0) // an existing file keeps its mode
	if !c.exists {
		mode = 0o600 // Codex's config may hold credentials
	}
	err = atomicfile.Replace(c.path, data, atomicfile.Options{Mode: mode, Check: func(onDisk []byte, exists bool) error {
		if exists != c.exists || !bytes.Equal(onDisk, c.data) {
			return fmt.Errorf("%s: %w", c.path, atomicfile.ErrChangedOnDisk)
		}
		return nil
	}})
	if err != nil {
		return err
	}
	c.exists, c.data, c.state = true, data, state
	return nil
}
