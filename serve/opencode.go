package serve

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/mapping"
)

// RuntimeOpenCode is the runtime of agentmgr's OpenCode plugin: its decide requests name
// OpenCode's tools with OpenCode's arguments (filePath, patchText, subagent_type, ...), read
// through mapping's OpenCode table instead of pi's.
const RuntimeOpenCode = "opencode"

// openCodeCall reads an OpenCode tool call into a call, by the rule every runtime's input is
// read with (decide.FromInput): the tool is mapped to its key, the value taken from the
// argument the table names, the folder glob and grep search decided as a path too, a patch
// decided on the files it names, and any argument that carries a shell command decided as
// bash as well. Arguments the table does not name are ignored whatever their type; a named
// one that is not a string is an error, which denies the call.
func openCodeCall(req Request) (decide.Call, error) {
	tool := mapping.OpenCodeToolFor(req.Tool)
	c := decide.Call{Client: decide.ClientJSON, Session: req.Session, Tool: req.Tool, Key: tool.Key, Cwd: req.Cwd}
	var args map[string]json.RawMessage
	if len(req.Input) > 0 && string(req.Input) != "null" {
		if err := json.Unmarshal(req.Input, &args); err != nil {
			return c, fmt.Errorf("the arguments of %s are not a JSON object; cannot tell what it would do", req.Tool)
		}
	}
	in := decide.InputTool{Key: tool.Key, Fields: tool.Fields, Folders: tool.Folders,
		Patch: len(tool.Fields) > 0 && tool.Fields[0] == "patchText"}
	return decide.FromInput(c, in, args, func(f string) error {
		return fmt.Errorf("argument %q of %s is not a string; its calls are decided on it", f, req.Tool)
	})
}

// errBothValueAndRuntime is refused: a runtime's call is read from its input.
var errBothValueAndRuntime = errors.New(`give "value" or "runtime", not both: a runtime's call is read from its "input"`)

// runtimeCall reads a call of the named runtime; "" is pi's, decided on pi's value fields.
func runtimeCall(req Request) (decide.Call, error) {
	switch req.Runtime {
	case RuntimeOpenCode:
		if req.Value != nil {
			return decide.Call{Client: decide.ClientJSON, Tool: req.Tool, Key: mapping.OpenCodeToolFor(req.Tool).Key, Cwd: req.Cwd}, errBothValueAndRuntime
		}
		return openCodeCall(req)
	}
	return decide.Call{Client: decide.ClientJSON, Tool: req.Tool, Key: mapping.KeyForTool(req.Tool), Cwd: req.Cwd},
		fmt.Errorf("unknown runtime %q; expected %q or none (pi)", req.Runtime, RuntimeOpenCode)
}
