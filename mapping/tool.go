package mapping

import "strings"

// Tool says how one tool of a runtime with a table of its own (Claude Code, Gemini CLI,
// OpenCode) is governed: the permission key its calls are decided under, and which fields of
// the call's input (Claude Code's tool_input, Gemini CLI's args, OpenCode's arguments) hold the
// value rules match.
type Tool struct {
	Name string // the runtime's tool name, e.g. "Bash", "run_shell_command"
	Key  string // permission key used in rules, e.g. "bash"
	// Fields are the input fields that may hold the value, in order of preference; the
	// first one present is used. None means the tool has no value: calls match as "".
	Fields []string
	// Folders are input fields naming a folder the call reads besides its value (the folder
	// a search searches); each present one is also decided under Key, as a path.
	Folders []string
}

// ClaudeTool says how one Claude Code tool is governed.
type ClaudeTool = Tool

// GeminiTool says how one Gemini CLI tool is governed.
type GeminiTool = Tool

// OpenCodeTool says how one OpenCode tool is governed.
type OpenCodeTool = Tool

// clone is t with field lists of its own, so that a caller's change does not reach the table.
func (t Tool) clone() Tool {
	t.Fields = append([]string(nil), t.Fields...)
	t.Folders = append([]string(nil), t.Folders...)
	return t
}

// toolTable is a runtime's tools in display order, found by name as written and, for a
// runtime that reads names in any case, by the name in lower case.
type toolTable struct {
	list   []Tool
	byName map[string]Tool
	byFold map[string]Tool
}

func newToolTable(list []Tool) toolTable {
	tt := toolTable{list: list, byName: map[string]Tool{}, byFold: map[string]Tool{}}
	for _, t := range list {
		tt.byName[t.Name] = t
		tt.byFold[strings.ToLower(t.Name)] = t
	}
	return tt
}

// find returns the tool called name, found as written or, with anyCase, whatever its case,
// and whether the table has it.
func (tt toolTable) find(name string, anyCase bool) (Tool, bool) {
	t, ok := tt.byName[name]
	if !ok && anyCase {
		t, ok = tt.byFold[strings.ToLower(name)]
	}
	return t, ok
}

// toolFor returns how the table governs name, as find looks it up: its tool (a copy) under
// name as the call spelt it, and true; for a name it does not have, a tool that is its own
// permission key (KeyForTool) with no value field, and false.
func (tt toolTable) toolFor(name string, anyCase bool) (Tool, bool) {
	if t, ok := tt.find(name, anyCase); ok {
		t.Name = name
		return t.clone(), true
	}
	return Tool{Name: name, Key: KeyForTool(name)}, false
}

// all returns a copy of the table, in display order.
func (tt toolTable) all() []Tool {
	out := make([]Tool, len(tt.list))
	for i, t := range tt.list {
		out[i] = t.clone()
	}
	return out
}
