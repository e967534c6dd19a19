package decide

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/policy"
)

// Judge decides c by rule alone with p (the persona and its callers, guards, session rules and
// yolo, as policy.ForChain composes them), as seen from the call's working directory (a call
// that names none is decided where p stands: the simulator's and replay's chosen place, or
// paths as spelt): a shell
// command unit by unit, a path under each of its names and, outside the project, by
// external_directory too (policy.At), any other value as it is. On top of the value's own
// decision, and the strictest answer standing:
//   - a call without the value its key is decided on (NoValue) is at least ask;
//   - each of Also and Folders is decided under Key too;
//   - Paths (an MCP call's arguments.path, another tool's path) by the path rules and
//     external_directory;
//   - a call of pi's MCP adapter (MCPTargets) is decided on its targets (engine.Policy.DecideMCP);
//   - a tool that may be a key of its own (write, find, ls ...) is decided under its own name
//     when the rules name it (engine.Policy.ToolKey);
//   - an Opaque call is at least ask;
//   - a command the input carries is decided as bash, paths it writes as edit, URLs it
//     fetches as webfetch;
//   - a tool agentmgr does not know, allowed only by a "*" rule, asks while a persona on the
//     call's chain restricts bash, edit or webfetch (engine.Policy.CloseUnknown).
//
// Every adapter (gate claude, gate json, serve, eval, check, replay, the simulator) decides through Judge, so that the
// same call gets the same answer whichever way it came in.
func Judge(p *engine.Policy, c Call) engine.Decision {
	at := p
	if c.Cwd != "" {
		at = policy.At(p, c.Cwd)
	}
	var d engine.Decision
	switch {
	case len(c.MCPTargets) > 0:
		d = at.DecideMCP(c.MCPTargets, c.MCPClaude)
	case len(c.Also) == 0:
		key := c.Key
		if key == mapping.KeyForTool(c.Tool) {
			// write apart from edit, find apart from glob ... when the rules name the tool.
			key = at.ToolKey(c.Tool)
		}
		d = at.DecideToolKey(c.Tool, key, c.Value)
	default:
		// Combined as several values are (engine.Combine): the first strictest decides and
		// the shell units of every value are kept.
		d = at.DecideKeyValues(c.Key, append([]string{c.Value}, c.Also...))
	}
	if c.NoValue && d.Action != engine.Deny {
		d.Action = engine.Ask
		d.Reason = addReason(d.Reason, fmt.Sprintf("the %s call has no %s to decide on, so it is not allowed unseen", c.Tool, valueWord(c.Key)))
	}
	if c.Opaque != "" && d.Action == engine.Allow {
		d.Action = engine.Ask
		d.Reason = addReason(d.Reason, c.Opaque)
	}
	if len(c.Paths) > 0 {
		d = stricter(d, at.DecidePaths(c.Paths))
	}
	for _, f := range c.Folders {
		d = stricter(d, at.DecideKey(c.Key, f))
	}
	if c.HasCommand {
		b := at.DecideKey(ShellKey, c.Command)
		d = stricter(d, b)
		d.Units = b.Units
	}
	for _, w := range c.Writes {
		d = stricter(d, at.DecideKey("edit", w))
	}
	for _, u := range c.URLs {
		d = stricter(d, at.DecideKey("webfetch", u))
	}
	if c.Unknown {
		d = p.CloseUnknown(c.Tool, d)
	}
	if by := p.Decider(d.Ref); len(p.Callers) > 0 && by != "" && d.Action != engine.Allow {
		d.Reason = addReason(d.Reason, fmt.Sprintf("decided by persona %q, the strictest on the agent's chain", by))
	}
	if p.Note != "" {
		// Untrusted project files are never silent: the agent and the person read why.
		d.Reason = addReason(d.Reason, p.Note)
	}
	return d
}

// ShellKey is the key every shell command is decided under.
const ShellKey = "bash"

// stricter is b when it is more restrictive than a, else a: the first strictest decides.
func stricter(a, b engine.Decision) engine.Decision {
	if engine.Stricter(a.Action, b.Action) != a.Action {
		return b
	}
	return a
}

func valueWord(key string) string {
	switch {
	case mapping.IsShellKey(key):
		return "command"
	case mapping.IsPathKey(key):
		return "path"
	}
	return "value"
}

func addReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
