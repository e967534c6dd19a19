package decide

import (
	"encoding/json"

	"github.com/agentmgr/agentmgr/mapping"
)

// InputTool says where a runtime's table finds, in a tool's input, what the call is decided
// on (mapping's Claude Code and OpenCode tables are two).
type InputTool struct {
	Key string // the permission key the tool is governed by
	// Fields may hold the value, in order of preference; the first present one is used. None
	// means the tool has no value: its calls match as "".
	Fields []string
	// Folders name folders the call reads besides its value (the folder a grep searches).
	Folders []string
	// Patch says the value field holds a patch text: the call is decided on the files it
	// names (PatchPaths), the first as the value and the others like it.
	Patch bool
}

// FromInput is the one rule that turns a tool's input into what c is decided on, whatever
// runtime sent it: the value from the first of t's fields present, the folders it also reads,
// a shell command any input carries (mapping.ShellFields: decided as bash on top of the
// tool's own key), and for a tool in no table of agentmgr's, what its input would run, write
// or fetch (FindSideDoors). A shell tool without its command, or a path tool without its
// path, is marked NoValue: it asks, never allows. A field used that is not a string is an
// error, in the runtime's words (notString names the field): the call is denied.
func FromInput(c Call, t InputTool, fields map[string]json.RawMessage, notString func(field string) error) (Call, error) {
	c.Key = t.Key
	command, hasCommand, err := InputString(fields, mapping.ShellFields, notString)
	if err != nil {
		return c, err
	}
	if !mapping.IsKnownTool(c.Tool) {
		// A tool agentmgr does not know (an MCP server's, a tool added later): its input is
		// searched for what it would run, write or fetch, whatever the fields are called.
		c.Unknown = true
		doors, err := FindSideDoors(c.Tool, fields)
		if err != nil {
			return c, err
		}
		command, hasCommand = doors.Command, doors.HasCommand
		c.Writes, c.URLs = doors.Writes, doors.URLs
	}
	value, found, err := InputString(fields, t.Fields, notString)
	if err != nil {
		return c, err
	}
	for _, f := range t.Folders {
		folder, ok, err := InputString(fields, []string{f}, notString)
		if err != nil {
			return c, err
		}
		if ok && folder != "" {
			c.Folders = append(c.Folders, folder)
		}
	}
	if found && t.Patch {
		// A patch is decided on the files it names: the first is the value, the others are
		// decided like it; the strictest answer stands.
		paths, err := PatchPaths(value)
		if err != nil {
			// A header agentmgr cannot read may name a file: at least ask.
			c.Opaque = err.Error()
		}
		if len(paths) == 0 {
			value, found = "", false
		} else {
			value, c.Folders = paths[0], append(c.Folders, paths[1:]...)
		}
	}
	missing := len(t.Fields) > 0 && !found && mapping.IsPathKey(t.Key)
	switch {
	case mapping.IsShellKey(t.Key):
		if !found && hasCommand {
			value, found = command, true
		}
		c.Value, c.NoValue = value, !found
	case hasCommand:
		// A tool that is not a shell but runs a command (an MCP server's exec, a tool added
		// after the table was written) is decided on its own key and as bash: both must pass.
		c.Value, c.NoValue = value, missing
		c.Command, c.HasCommand = command, true
	default:
		// A path tool without its path asks; another tool without its value is decided on ""
		// (Agent's subagent_type is optional, say).
		c.Value, c.NoValue = value, missing
	}
	return c, nil
}

// inputString returns the first of names present in fields (null counts as absent). A present
// field that is not a string is an error: nobody can tell what the tool would do with it.
func InputString(fields map[string]json.RawMessage, names []string, notString func(string) error) (string, bool, error) {
	for _, f := range names {
		raw, ok := fields[f]
		if !ok || string(raw) == "null" {
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false, notString(f)
		}
		return s, true, nil
	}
	return "", false, nil
}
