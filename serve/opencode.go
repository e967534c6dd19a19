package serve

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/mapping"
)

// RuntimeOpenCode is the runtime of agentmgr's OpenCode plugin: its decide requests name
// OpenCode's tools with OpenCode's arguments (filePath, patchText, subagent_type, ...), read
// through mapping's OpenCode table instead of pi's.
const RuntimeOpenCode = "opencode"

// openCodeCall reads an OpenCode tool call into a gate call: the tool is mapped to its key,
// the value taken from the argument the table names, the folder glob and grep search decided
// as a path too, and any argument that carries a shell command decided as bash as well.
// Arguments the table does not name are ignored whatever their type; a named one that is not
// a string is an error, which denies the call.
func openCodeCall(req Request) (gate.Call, error) {
	tool := mapping.OpenCodeToolFor(req.Tool)
	c := gate.Call{Client: gate.ClientJSON, Session: req.Session, Tool: req.Tool, Key: tool.Key, Cwd: req.Cwd}
	var args map[string]json.RawMessage
	if len(req.Input) > 0 && string(req.Input) != "null" {
		if err := json.Unmarshal(req.Input, &args); err != nil {
			return c, fmt.Errorf("the arguments of %s are not a JSON object; cannot tell what it would do", req.Tool)
		}
	}
	command, hasCommand, err := argString(args, req.Tool, mapping.ShellFields)
	if err != nil {
		return c, err
	}
	value, found, err := argString(args, req.Tool, tool.Fields)
	if err != nil {
		return c, err
	}
	for _, f := range tool.Folders {
		folder, ok, err := argString(args, req.Tool, []string{f})
		if err != nil {
			return c, err
		}
		if ok && folder != "" {
			c.Folders = append(c.Folders, folder)
		}
	}
	if found && len(tool.Fields) > 0 && tool.Fields[0] == "patchText" {
		// A patch is decided on the files it names: the first is the value, the others are
		// decided like it; the strictest answer stands.
		paths, err := gate.PatchPaths(value)
		if err != nil {
			// A header the gate cannot read may name a file: at least ask.
			c.Opaque = err.Error()
		}
		if len(paths) == 0 {
			value, found = "", false
		} else {
			value, c.Folders = paths[0], append(c.Folders, paths[1:]...)
		}
	}
	switch {
	case mapping.IsShellKey(tool.Key):
		if !found && hasCommand {
			value, found = command, true
		}
		c.Value, c.NoValue = value, !found
	case hasCommand:
		// A tool that is not a shell but runs a command (an MCP server's exec) is decided on
		// its own key and as bash: both must pass.
		c.Value, c.NoValue = value, len(tool.Fields) > 0 && !found && mapping.IsPathKey(tool.Key)
		c.Command, c.HasCommand = command, true
	default:
		c.Value, c.NoValue = value, len(tool.Fields) > 0 && !found && mapping.IsPathKey(tool.Key)
	}
	return c, nil
}

// argString returns the first of names present in args (null counts as absent). A present
// argument that is not a string is an error: nobody can tell what the tool would do with it.
func argString(args map[string]json.RawMessage, tool string, names []string) (string, bool, error) {
	for _, f := range names {
		raw, ok := args[f]
		if !ok || string(raw) == "null" {
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false, fmt.Errorf("argument %q of %s is not a string; its calls are decided on it", f, tool)
		}
		return s, true, nil
	}
	return "", false, nil
}

// errBothValueAndRuntime is refused: a runtime's call is read from its input.
var errBothValueAndRuntime = errors.New(`give "value" or "runtime", not both: a runtime's call is read from its "input"`)

// runtimeCall reads a call of the named runtime; "" is pi's, decided on pi's value fields.
func runtimeCall(req Request) (gate.Call, error) {
	switch req.Runtime {
	case RuntimeOpenCode:
		if req.Value != nil {
			return gate.Call{Client: gate.ClientJSON, Tool: req.Tool, Key: mapping.OpenCodeToolFor(req.Tool).Key, Cwd: req.Cwd}, errBothValueAndRuntime
		}
		return openCodeCall(req)
	}
	return gate.Call{Client: gate.ClientJSON, Tool: req.Tool, Key: mapping.KeyForTool(req.Tool), Cwd: req.Cwd},
		fmt.Errorf("unknown runtime %q; expected %q or none (pi)", req.Runtime, RuntimeOpenCode)
}
