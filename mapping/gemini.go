package mapping

import "strings"

// GeminiTool says how one Gemini CLI tool is governed: the permission key its calls are
// decided under, and which argument fields hold the value rules match.
type GeminiTool struct {
	Name string // Gemini CLI's tool name, e.g. "run_shell_command"
	Key  string // permission key used in rules, e.g. "bash"
	// Fields are the argument fields that may hold the value, in order of preference; the
	// first one present is used. None means the tool has no value: calls match as "".
	Fields []string
	// Folders are argument fields naming a folder the call reads besides its value (the
	// folder glob and grep_search search); each present one is also decided under Key.
	Folders []string
}

// geminiTools is the table of Gemini CLI's built-in tools as of Gemini CLI 0.61.0 (the names
// and parameters its core package declares). Paths are as the model wrote them, relative to the
// working directory or absolute; glob and grep_search are matched on their pattern, as Claude
// Code's Glob and Grep, and their dir_path is decided as a folder they read. web_fetch has no
// url argument: it fetches the URLs written inside its prompt, which the gate finds there.
// docs/gemini.md explains each line.
var geminiTools = []GeminiTool{
	{Name: "run_shell_command", Key: "bash", Fields: []string{"command"}},
	{Name: "write_file", Key: "edit", Fields: []string{"file_path"}},
	{Name: "replace", Key: "edit", Fields: []string{"file_path"}},
	{Name: "read_file", Key: "read", Fields: []string{"file_path"}},
	{Name: "read_many_files", Key: "read"},
	{Name: "list_directory", Key: "list", Fields: []string{"dir_path"}},
	{Name: "glob", Key: "glob", Fields: []string{"pattern"}, Folders: []string{"dir_path"}},
	{Name: "grep_search", Key: "grep", Fields: []string{"pattern"}, Folders: []string{"dir_path"}},
	{Name: "web_fetch", Key: "webfetch"},
	{Name: "google_web_search", Key: "websearch", Fields: []string{"query"}},
	// invoke_agent starts a subagent: decided under task on the agent's name, as Claude
	// Code's Agent is on its subagent_type.
	{Name: "invoke_agent", Key: "task", Fields: []string{"agent_name"}},
	{Name: "activate_skill", Key: "skill", Fields: []string{"name"}},
	// The todo list and questions to the person have pi's keys, as Claude Code's do.
	{Name: "write_todos", Key: "todo"},
	{Name: "update_topic", Key: "todo"},
	{Name: "ask_user", Key: "question"},
	// A subagent's report of its result ends its run: a key of its own, like plan mode's tools
	// and the MCP resource listings, which a persona names to allow.
	{Name: "complete_task", Key: "complete_task"},
	{Name: "enter_plan_mode", Key: "enter_plan_mode"},
	{Name: "exit_plan_mode", Key: "exit_plan_mode"},
	{Name: "get_internal_docs", Key: "get_internal_docs"},
	{Name: "list_mcp_resources", Key: "list_mcp_resources"},
	{Name: "read_mcp_resource", Key: "read_mcp_resource"},
}

var geminiByName = map[string]GeminiTool{}

func init() {
	for _, t := range geminiTools {
		geminiByName[t.Name] = t
	}
}

// GeminiToolFor returns how the Gemini CLI tool name is governed, and whether the table knows
// it. Gemini's tool names are matched exactly (its scheduler does). A tool found nowhere (an
// MCP tool, a tool added after this table was written) is its own permission key and has no
// value field.
func GeminiToolFor(name string) (GeminiTool, bool) {
	t, ok := geminiByName[name]
	if !ok {
		return GeminiTool{Name: name, Key: KeyForTool(name)}, false
	}
	t.Fields = append([]string(nil), t.Fields...)
	t.Folders = append([]string(nil), t.Folders...)
	return t, true
}

// IsGeminiTool reports whether name is one of Gemini CLI's tools in the table.
func IsGeminiTool(name string) bool {
	_, ok := geminiByName[name]
	return ok
}

// GeminiTools returns the table of Gemini CLI tools, in display order.
func GeminiTools() []GeminiTool {
	out := make([]GeminiTool, len(geminiTools))
	for i, t := range geminiTools {
		t.Fields = append([]string(nil), t.Fields...)
		t.Folders = append([]string(nil), t.Folders...)
		out[i] = t
	}
	return out
}

// MCPKey is the permission key of the tool tool of the MCP server server: Claude Code's name
// for it (mcp__server__tool), so that one rule governs the tool in every runtime.
func MCPKey(server, tool string) string {
	return "mcp__" + server + "__" + tool
}

// IsGeminiMCP reports whether name is how Gemini CLI names an MCP server's tool (mcp_ and the
// server's name before the tool's).
func IsGeminiMCP(name string) bool { return strings.HasPrefix(name, "mcp_") }
