package ownedfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// Hook is agentmgr's handler in a runtime's JSON hooks configuration, the shape Claude Code,
// Codex and Gemini CLI share: {"hooks": {EVENT: [{"matcher": M, "hooks": [{"type": "command",
// "command": C, "timeout": T}]}]}}. Unlike the extension and the plugin, the file is the
// runtime's: agentmgr owns one handler in it and keeps every other key, group and handler.
type Hook struct {
	Event   string // the event: PreToolUse (Codex), BeforeTool (Gemini CLI)
	Matcher string // every tool: "*" (Codex), ".*" (Gemini CLI, a regular expression)
	Command string // the command line (HookCommand)
	Timeout int    // in the runtime's unit: seconds (Codex), milliseconds (Gemini CLI)
	// Mark is what every command agentmgr ever wrote for this runtime holds ("gate codex"):
	// the handlers holding it are agentmgr's, whatever binary they start.
	Mark string
	// Name, when set, names the handler where the runtime lists hooks (Gemini CLI's /hooks).
	Name string
}

// Placement is where agentmgr's handler stands in the configuration: the group's index in the
// event's list and the handler's in the group (Codex keys a hook's trust by them), and what the
// handler says.
type Placement struct {
	Group, Handler int
	Matcher        string
	Command        string
	Timeout        int
}

// HookCommand is the command line a runtime's shell runs for agentmgr's hook: the binary by
// its absolute path (a hook must not depend on PATH), then, when it cannot be started or fails
// without answering, a message on stderr and exit status 2, which both Codex and Gemini CLI
// read as a block. Both runtimes let a call through when the hook exits 1 or its program is
// missing; this fallback is what turns those into a refusal.
func HookCommand(binary, args, program, install string) string {
	why := fmt.Sprintf("agentmgr (%s) is missing or failed, so %s's call is blocked; run %s", binary, program, install)
	return shellQuote(binary) + " " + args + " || { echo " + shellQuote(why) + " >&2; exit 2; }"
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// hookHandler is the part of a handler agentmgr reads.
type hookHandler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}

// hookConfig is a runtime's hooks configuration as read: the whole file, its hooks object and
// the event's groups, each kept as written.
type hookConfig struct {
	path   string
	exists bool
	data   []byte
	file   Object
	hooks  Object
	groups []Object
}

// readHooks reads the hooks of event in the JSON file at path; a missing or empty file has none.
func readHooks(path, event string) (*hookConfig, error) {
	hc := &hookConfig{path: path, file: Object{}, hooks: Object{}}
	data, there, err := ReadIfThere(path)
	if err != nil {
		return nil, err
	}
	if !there {
		return hc, nil
	}
	hc.exists, hc.data = true, data
	if len(bytes.TrimSpace(data)) == 0 {
		return hc, nil
	}
	if hc.file, err = ParseObject(data); err != nil {
		return nil, fmt.Errorf("%s is not a JSON object agentmgr can read (%v); fix it first, agentmgr does not rewrite a file it cannot read", path, err)
	}
	if raw, ok := hc.file.Get("hooks"); ok {
		if hc.hooks, err = ParseObject(raw); err != nil {
			return nil, fmt.Errorf("%s: \"hooks\" is not an object (%v); fix it first", path, err)
		}
	}
	if raw, ok := hc.hooks.Get(event); ok {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, fmt.Errorf("%s: hooks.%s is not a list of groups; fix it first", path, event)
		}
		for i, g := range list {
			o, err := ParseObject(g)
			if err != nil {
				return nil, fmt.Errorf("%s: hooks.%s[%d] is not an object; fix it first", path, event, i)
			}
			hc.groups = append(hc.groups, o)
		}
	}
	return hc, nil
}

// handlers are a group's handlers, each kept as written.
func handlers(g Object) ([]Object, error) {
	raw, ok := g.Get("hooks")
	if !ok {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, errors.New("its \"hooks\" is not a list")
	}
	out := make([]Object, len(list))
	for i, h := range list {
		o, err := ParseObject(h)
		if err != nil {
			return nil, fmt.Errorf("handler %d is not an object", i)
		}
		out[i] = o
	}
	return out, nil
}

// matcher is a group's matcher; "" when it has none.
func matcher(g Object) string {
	var m string
	if raw, ok := g.Get("matcher"); ok {
		_ = json.Unmarshal(raw, &m)
	}
	return m
}

// ours reads a handler when it is agentmgr's (a command handler holding mark).
func ours(h Object, mark string) (hookHandler, bool) {
	var hh hookHandler
	if err := json.Unmarshal(objectJSON(h), &hh); err != nil || hh.Type != "command" || !strings.Contains(hh.Command, mark) {
		return hh, false
	}
	return hh, true
}

// othersThan is the handlers hs without agentmgr's (those mark names), with handler in the
// place of agentmgr's at index replace (-1 for none), and where handler went among them (-1
// when it went nowhere): what install keeps of a group, and uninstall.
func othersThan(hs []Object, mark string, replace int, handler Object) (kept []Object, put int) {
	put = -1
	for i, hd := range hs {
		if _, mine := ours(hd, mark); !mine {
			kept = append(kept, hd)
		} else if i == replace {
			put = len(kept)
			kept = append(kept, handler)
		}
	}
	return kept, put
}

// objectJSON is o as compact JSON.
func objectJSON(o Object) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.Key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.Value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// find lists where agentmgr's handlers stand, in order.
func (hc *hookConfig) find(mark string) ([]Placement, error) {
	var out []Placement
	for gi, g := range hc.groups {
		hs, err := handlers(g)
		if err != nil {
			return nil, fmt.Errorf("%s: a group of hooks: %v; fix it first", hc.path, err)
		}
		for hi, h := range hs {
			if hh, ok := ours(h, mark); ok {
				out = append(out, Placement{Group: gi, Handler: hi, Matcher: matcher(g), Command: hh.Command, Timeout: hh.Timeout})
			}
		}
	}
	return out, nil
}

// FindHook is where agentmgr's handler stands in the hooks file at path (the first, when
// there are several), and whether there is one.
func FindHook(path string, h Hook) (Placement, bool, error) {
	hc, err := readHooks(path, h.Event)
	if err != nil {
		return Placement{}, false, err
	}
	found, err := hc.find(h.Mark)
	if err != nil || len(found) == 0 {
		return Placement{}, false, err
	}
	return found[0], true, nil
}

// InstallHook writes agentmgr's handler into the hooks file at path, making the file and its
// folder when missing: an older handler of agentmgr's is updated where it stands (so that the
// groups after it keep their places), a new one goes into a group of its own at the end. Every
// other key, group and handler stays as it was. It returns where the handler stands.
func InstallHook(path string, h Hook) (Outcome, Placement, error) {
	hc, err := readHooks(path, h.Event)
	if err != nil {
		return "", Placement{}, err
	}
	found, err := hc.find(h.Mark)
	if err != nil {
		return "", Placement{}, err
	}
	if len(found) == 1 && found[0].Command == h.Command && found[0].Timeout == h.Timeout && found[0].Matcher == h.Matcher {
		return Unchanged, found[0], nil
	}
	outcome := Written
	if len(found) > 0 {
		outcome = Updated
	}
	// Every older handler goes, but the first stays in place when its group is agentmgr's
	// alone; a handler in a group someone shares with another matcher moves to a group of
	// its own.
	keep := -1
	if len(found) > 0 {
		hs, _ := handlers(hc.groups[found[0].Group])
		if len(hs) == 1 || found[0].Matcher == h.Matcher {
			keep = found[0].Group
		}
	}
	var at Placement
	var groups []Object
	for gi, g := range hc.groups {
		hs, _ := handlers(g)
		replace := -1
		if gi == keep {
			replace = found[0].Handler
		}
		kept, put := othersThan(hs, h.Mark, replace, h.handler())
		if put >= 0 {
			at = Placement{Group: len(groups), Handler: put, Matcher: h.Matcher, Command: h.Command, Timeout: h.Timeout}
		}
		if len(kept) == 0 {
			continue // a group left empty was agentmgr's alone
		}
		if gi == keep {
			g = g.Set("matcher", mustJSON(h.Matcher))
		}
		groups = append(groups, g.Set("hooks", objectsJSON(kept)))
	}
	if keep < 0 {
		at = Placement{Group: len(groups), Handler: 0, Matcher: h.Matcher, Command: h.Command, Timeout: h.Timeout}
		groups = append(groups, Object{{"matcher", mustJSON(h.Matcher)}, {"hooks", objectsJSON([]Object{h.handler()})}})
	}
	if err := hc.write(h.Event, groups); err != nil {
		return "", Placement{}, err
	}
	return outcome, at, nil
}

// UninstallHook removes agentmgr's handlers from the hooks file at path, and the groups, the
// event and the hooks object they leave empty; a file left holding nothing is removed. It
// reports whether there was a handler to remove.
func UninstallHook(path string, h Hook) (bool, error) {
	hc, err := readHooks(path, h.Event)
	if err != nil {
		return false, err
	}
	found, err := hc.find(h.Mark)
	if err != nil || len(found) == 0 {
		return false, err
	}
	var groups []Object
	for _, g := range hc.groups {
		hs, _ := handlers(g)
		kept, _ := othersThan(hs, h.Mark, -1, nil)
		if len(kept) > 0 || len(hs) == 0 {
			groups = append(groups, g.Set("hooks", objectsJSON(kept)))
		}
	}
	return true, hc.write(h.Event, groups)
}

// handler is the handler agentmgr writes.
func (h Hook) handler() Object {
	o := Object{}
	if h.Name != "" {
		o = append(o, Member{"name", mustJSON(h.Name)})
	}
	return append(o, Member{"type", mustJSON("command")}, Member{"command", mustJSON(h.Command)}, Member{"timeout", mustJSON(h.Timeout)})
}

// write puts groups back as the event's list and writes the file, refusing when it changed on
// disk since it was read.
func (hc *hookConfig) write(event string, groups []Object) error {
	hooks := hc.hooks
	if len(groups) == 0 {
		hooks = hooks.Del(event)
	} else {
		hooks = hooks.Set(event, objectsJSON(groups))
	}
	file := hc.file
	if len(hooks) == 0 {
		file = file.Del("hooks")
	} else {
		file = file.Set("hooks", objectJSON(hooks))
	}
	check := func(onDisk []byte, exists bool) error {
		if exists != hc.exists || !bytes.Equal(onDisk, hc.data) {
			return fmt.Errorf("%s: %w", hc.path, atomicfile.ErrChangedOnDisk)
		}
		return nil
	}
	if len(file) == 0 && hc.exists {
		// Nothing of anyone's is left: the file was agentmgr's hook alone.
		if err := check(mustRead(hc.path)); err != nil {
			return err
		}
		return os.Remove(hc.path)
	}
	if err := os.MkdirAll(filepath.Dir(hc.path), 0o755); err != nil {
		return fmt.Errorf("cannot create the folder of %s: %w", hc.path, err)
	}
	return atomicfile.Replace(hc.path, file.Marshal(), atomicfile.Options{Check: check})
}

// mustRead is path's content and whether it exists, for a check outside a write.
func mustRead(path string) ([]byte, bool) {
	data, err := os.ReadFile(path)
	return data, err == nil
}

// mustJSON is v as JSON, with <, > and & as they are: a command line reads as written.
func mustJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only strings and ints are marshalled here
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// objectsJSON is a list of objects as compact JSON.
func objectsJSON(list []Object) json.RawMessage {
	parts := make([][]byte, len(list))
	for i, o := range list {
		parts[i] = objectJSON(o)
	}
	return append(append([]byte{'['}, bytes.Join(parts, []byte{','})...), ']')
}

// RequireAbs refuses a binary path that is not absolute: a hook or file that starts the binary
// runs from any folder, and must not depend on PATH.
func RequireAbs(binary, program, noun string) error {
	if !filepath.IsAbs(binary) {
		return fmt.Errorf("the binary path %q is not absolute; %s starts the %s from any folder", binary, program, noun)
	}
	return nil
}

// HookBinary is the binary a hook command written by HookCommand starts: its first word, in
// single quotes.
func HookBinary(command string) string {
	if !strings.HasPrefix(command, "'") {
		return ""
	}
	var b strings.Builder
	for i := 1; i < len(command); i++ {
		switch {
		case strings.HasPrefix(command[i:], `'\''`):
			b.WriteByte('\'')
			i += 3
		case command[i] == '\'':
			return b.String()
		default:
			b.WriteByte(command[i])
		}
	}
	return ""
}
