package serve

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/agentmgr/agentmgr/mapping"
)

// valueField says where a pi tool's arguments hold the value rules match, by permission key.
// Fields are tried in order; the first present one is the value.
type valueField struct {
	fields []string
	// optional tools act on the working directory when no field is given (grep, find, ls).
	optional bool
	// blank tools are decided on "" when no field is given (a subagent tool's management
	// actions name no agent).
	blank bool
}

// piValues is the table of value fields, by permission key. A key not listed (a custom or MCP
// tool) is decided on the empty value: its rules name the tool, not an argument.
var piValues = map[string]valueField{
	"bash":      {fields: []string{"command", "cmd"}},
	"read":      {fields: []string{"path", "file_path"}},
	"edit":      {fields: []string{"path", "file_path"}},
	"grep":      {fields: []string{"path"}, optional: true},
	"glob":      {fields: []string{"path"}, optional: true},
	"list":      {fields: []string{"path"}, optional: true},
	"webfetch":  {fields: []string{"url"}},
	"websearch": {fields: []string{"query"}},
	// task is decided on the subagent's name (pi-subagents' subagent tool: agent), so that
	// task: {"*": ask, reviewer: allow} lets the reviewer run.
	"task": {fields: []string{"agent", "subagent_type"}, blank: true},
}

// toolValue picks the value of a call of tool with arguments input. A tool that acts on the
// working directory by default is decided on cwd (or "." when unknown). Arguments that do not
// hold the value the rules need are an error, which denies the call.
func toolValue(tool string, input json.RawMessage, cwd string) (string, error) {
	vf, ok := piValues[mapping.KeyForTool(tool)]
	if !ok {
		return "", nil
	}
	var args map[string]json.RawMessage
	if len(input) > 0 && string(input) != "null" {
		if err := json.Unmarshal(input, &args); err != nil {
			return "", fmt.Errorf("the arguments of %s are not a JSON object; its calls are decided on %q", tool, vf.fields[0])
		}
	}
	for _, f := range vf.fields {
		raw, ok := args[f]
		if !ok || string(raw) == "null" {
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("argument %q of %s is not a string; its calls are decided on it", f, tool)
		}
		if s == "" && vf.optional {
			break
		}
		return s, nil
	}
	if vf.blank {
		return "", nil
	}
	if vf.optional {
		if cwd == "" {
			return ".", nil
		}
		return cwd, nil
	}
	return "", fmt.Errorf("argument %q of %s is missing; its calls are decided on it", vf.fields[0], tool)
}

// taskAgents finds every agent a subagent call (pi-subagents' subagent tool) would run: the
// agent field of the call, of each parallel task and of each chain step, wherever it stands.
// opaque says why some agents cannot be known from the arguments (a workflow given as a script
// or a resource, a fan-out that names its children at run time); "" when all are known.
func taskAgents(input json.RawMessage) (agents []string, opaque string) {
	var v any
	if len(input) == 0 || json.Unmarshal(input, &v) != nil {
		return nil, ""
	}
	var walk func(any, int)
	walk = func(v any, depth int) {
		if depth > 32 {
			opaque = "the subagent call nests deeper than agentmgr reads"
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range []string{"workflowScript", "workflowScriptPath", "workflow", "expand"} {
				if _, ok := x[k]; ok && opaque == "" {
					opaque = fmt.Sprintf("the subagent call's %s names its agents only when it runs, so they cannot be decided beforehand", k)
				}
			}
			if a, ok := x["agent"].(string); ok {
				agents = append(agents, a)
			}
			for _, k := range sortedKeys(x) {
				if k != "agent" {
					walk(x[k], depth+1)
				}
			}
		case []any:
			for _, e := range x {
				walk(e, depth+1)
			}
		}
	}
	walk(v, 0)
	return agents, opaque
}

// sortedKeys are m's keys in order, so that the agents of a call are found in one order.
func sortedKeys(m map[string]any) []string {
	return slices.Sorted(maps.Keys(m))
}
