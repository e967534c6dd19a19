package mapping

import "strings"

// claudeTools is the table of Claude Code's tools as of Claude Code 2.1.332 (and the older names
// earlier clients still send). Claude Code always sends absolute paths in file_path; Glob and
// Grep are matched on their pattern, as OpenCode does. A tool that runs a shell command or a
// script is decided as bash, with the shell analysis; when its input has no command (Monitor
// watching a web socket, Workflow naming a script file) the gate asks. docs/gate.md explains
// each line.
var claudeTools = newToolTable([]Tool{
	{Name: "Bash", Key: "bash", Fields: []string{"command"}},
	{Name: "PowerShell", Key: "bash", Fields: []string{"command"}},
	{Name: "Monitor", Key: "bash", Fields: []string{"command"}},
	{Name: "Workflow", Key: "bash", Fields: []string{"script"}},
	{Name: "REPL", Key: "bash", Fields: []string{"code", "command"}},
	{Name: "Read", Key: "read", Fields: []string{"file_path"}},
	{Name: "NotebookRead", Key: "read", Fields: []string{"notebook_path", "file_path"}},
	{Name: "Edit", Key: "edit", Fields: []string{"file_path"}},
	{Name: "Write", Key: "edit", Fields: []string{"file_path"}},
	{Name: "MultiEdit", Key: "edit", Fields: []string{"file_path"}},
	{Name: "NotebookEdit", Key: "edit", Fields: []string{"notebook_path", "file_path"}},
	// A worktree is a new checkout on disk: deciding it as an edit of its path keeps an agent
	// that may not edit from creating one (outside the project, external_directory asks too).
	{Name: "EnterWorktree", Key: "edit", Fields: []string{"path", "name"}},
	{Name: "ExitWorktree", Key: "edit"},
	{Name: "Glob", Key: "glob", Fields: []string{"pattern"}, Folders: []string{"path"}},
	{Name: "Grep", Key: "grep", Fields: []string{"pattern"}, Folders: []string{"path"}},
	{Name: "LS", Key: "list", Fields: []string{"path"}},
	{Name: "WebFetch", Key: "webfetch", Fields: []string{"url"}},
	{Name: "WebSearch", Key: "websearch", Fields: []string{"query"}},
	{Name: "Task", Key: "task", Fields: []string{"subagent_type"}},
	{Name: "Agent", Key: "task", Fields: []string{"subagent_type"}},
	// Messages to other agents and work scheduled for later start agent work as a subagent
	// does, so they are governed by the task key (pi's intercom is a task tool too).
	{Name: "SendMessage", Key: "task"},
	{Name: "CronCreate", Key: "task", Fields: []string{"prompt"}},
	{Name: "CronDelete", Key: "task"},
	{Name: "CronList", Key: "task"},
	{Name: "ScheduleWakeup", Key: "task", Fields: []string{"prompt"}},
	{Name: "RemoteTrigger", Key: "task", Fields: []string{"action"}},
	{Name: "TaskStop", Key: "task"},
	{Name: "ListAgents", Key: "task"}, // lists the agents of the session (ListPeers before)
	// The todo list and questions to the person have keys of their own in pi's personas
	// (planner allows todo), so Claude Code's equivalents are governed by the same rules.
	// Claude Code 2.1 keeps its todo list with the Task* tools.
	{Name: "TodoWrite", Key: "todo"},
	{Name: "TaskCreate", Key: "todo"},
	{Name: "TaskGet", Key: "todo"},
	{Name: "TaskUpdate", Key: "todo"},
	{Name: "TaskList", Key: "todo"},
	{Name: "AskUserQuestion", Key: "question"},
	// ReportFindings hands a review's findings to the host's UI: output, like the todo list.
	{Name: "ReportFindings", Key: "todo"},
	// Tools with a key of their own (their name): a persona names them to allow them.
	{Name: "Skill", Key: "skill", Fields: []string{"skill", "name"}},
	{Name: "ToolSearch", Key: "ToolSearch"},
	// The name a deferred tool goes by until ToolSearch loads it: a key of its own.
	{Name: "DeferredToolPlaceholder", Key: "DeferredToolPlaceholder"},
	{Name: "EnterPlanMode", Key: "EnterPlanMode"},
	{Name: "ExitPlanMode", Key: "ExitPlanMode"},
	{Name: "LSP", Key: "LSP"},
	{Name: "ListMcpResourcesTool", Key: "ListMcpResourcesTool"},
	{Name: "ReadMcpResourceTool", Key: "ReadMcpResourceTool"},
})

// ShellFields are the tool_input fields that carry a shell command or script. A call of any
// tool whose input has one of them is also decided as bash, with the shell analysis: a tool
// this table does not know (an MCP server's run_command) cannot run a command unchecked.
var ShellFields = []string{"command", "cmd", "script"}

// ClaudeToolFor returns how the Claude Code tool name is governed. A name is looked up as
// written, then whatever its case (BASH is Bash: a hook must not be dodged by spelling), then
// among pi's tool names (bash is the bash key). A tool found nowhere (an MCP tool such as
// mcp__github__create_issue, or a tool added after this table was written) is its own
// permission key and has no value field.
func ClaudeToolFor(name string) ClaudeTool {
	t, _ := claudeTools.toolFor(name, true)
	return t
}

// IsClaudeTool reports whether name is a tool of the Claude Code table (whatever its case).
func IsClaudeTool(name string) bool {
	_, ok := claudeTools.find(name, true)
	return ok
}

// ClaudeTools returns the table of Claude Code tools, in display order.
func ClaudeTools() []ClaudeTool {
	return claudeTools.all()
}

// DefaultSubagent is the agent Claude Code's Agent tool starts when it names none.
const DefaultSubagent = "general-purpose"

// StartsAgent reports whether Claude Code's tool starts a subagent (Agent, and Task, its
// older name), whose input names the subagent's type.
func StartsAgent(tool string) bool {
	return strings.EqualFold(tool, "Agent") || strings.EqualFold(tool, "Task")
}
