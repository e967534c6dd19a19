package mapping

import "strings"

// geminiTools is the table of Gemini CLI's built-in tools as of Gemini CLI 0.61.0 (the names
// and parameters its core package declares). Paths are as the model wrote them, relative to the
// working directory or absolute; glob and grep_search are matched on their pattern, as Claude
// Code's Glob and Grep, and their dir_path is decided as a folder they read. web_fetch has no
// url argument: it fetches the URLs written inside its prompt, which the gate finds there.
// docs/gemini.md explains each line.
var geminiTools = newToolTable([]Tool{
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
})

// GeminiToolFor returns how the Gemini CLI tool name is governed, and whether the table knows
// it. Gemini's tool names are matched exactly (its scheduler does). A tool found nowhere (an
// MCP tool, a tool added after this table was written) is its own permission key and has no
// value field.
func GeminiToolFor(name string) (GeminiTool, bool) {
	return geminiTools.toolFor(name, false)
}

// IsGeminiTool reports whether name is one of Gemini CLI's tools in the table.
func IsGeminiTool(name string) bool {
	_, ok := geminiTools.find(name, false)
	return ok
}

// GeminiTools returns the table of Gemini CLI tools, in display order.
func GeminiTools() []GeminiTool {
	return geminiTools.all()
}

// MCPKey is the permission key of the tool tool of the MCP server server: Claude Code's name
// for it (mcp__server__tool), so that one rule governs the tool in every runtime.
func MCPKey(server, tool string) string {
	return "mcp__" + server + "__" + tool
}

// IsGeminiMCP reports whether name is how Gemini CLI names an MCP server's tool (mcp_ and the
// server's name before the tool's).
func IsGeminiMCP(name string) bool { return strings.HasPrefix(name, "mcp_") }
