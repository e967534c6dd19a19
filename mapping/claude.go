package mapping

// ClaudeTool says how one Claude Code tool is governed: the permission key its calls are
// decided under, and which tool_input fields hold the value that rules match.
type ClaudeTool struct {
	Name string // Claude Code's tool name, e.g. "Bash"
	Key  string // permission key used in rules, e.g. "bash"
	// Fields are the tool_input fields that may hold the value, in order of preference; the
	// first one present is used. None means the tool has no value: calls match as "".
	Fields []string
}

// claudeTools is the table of Claude Code's built-in tools (issue 9). Claude Code always sends
// absolute paths in file_path; Glob and Grep are matched on their pattern, as OpenCode does.
// NotebookEdit names its file notebook_path; file_path is read when an older client sends it.
var claudeTools = []ClaudeTool{
	{Name: "Bash", Key: "bash", Fields: []string{"command"}},
	{Name: "Read", Key: "read", Fields: []string{"file_path"}},
	{Name: "NotebookRead", Key: "read", Fields: []string{"notebook_path", "file_path"}},
	{Name: "Edit", Key: "edit", Fields: []string{"file_path"}},
	{Name: "Write", Key: "edit", Fields: []string{"file_path"}},
	{Name: "MultiEdit", Key: "edit", Fields: []string{"file_path"}},
	{Name: "NotebookEdit", Key: "edit", Fields: []string{"notebook_path", "file_path"}},
	{Name: "Glob", Key: "glob", Fields: []string{"pattern"}},
	{Name: "Grep", Key: "grep", Fields: []string{"pattern"}},
	{Name: "LS", Key: "list", Fields: []string{"path"}},
	{Name: "WebFetch", Key: "webfetch", Fields: []string{"url"}},
	{Name: "WebSearch", Key: "websearch", Fields: []string{"query"}},
	{Name: "Task", Key: "task", Fields: []string{"subagent_type"}},
	{Name: "Agent", Key: "task", Fields: []string{"subagent_type"}},
	// The todo list and questions to the person have keys of their own in pi's personas
	// (planner allows todo), so Claude Code's equivalents are governed by the same rules.
	{Name: "TodoWrite", Key: "todo"},
	{Name: "AskUserQuestion", Key: "question"},
}

var claudeByName = map[string]ClaudeTool{}

func init() {
	for _, t := range claudeTools {
		claudeByName[t.Name] = t
	}
}

// ClaudeToolFor returns how the Claude Code tool name is governed. A tool not in the table
// (an MCP tool such as mcp__github__create_issue, or a tool added after this table was written)
// is its own permission key and has no value.
func ClaudeToolFor(name string) ClaudeTool {
	if t, ok := claudeByName[name]; ok {
		t.Fields = append([]string(nil), t.Fields...)
		return t
	}
	return ClaudeTool{Name: name, Key: name}
}

// ClaudeTools returns the table of Claude Code tools, in display order.
func ClaudeTools() []ClaudeTool {
	out := make([]ClaudeTool, len(claudeTools))
	for i, t := range claudeTools {
		t.Fields = append([]string(nil), t.Fields...)
		out[i] = t
	}
	return out
}
