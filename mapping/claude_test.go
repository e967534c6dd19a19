package mapping

import (
	"slices"
	"testing"
)

func TestClaudeToolFor(t *testing.T) {
	t.Parallel()
	checkToolFor(t, "ClaudeToolFor", ClaudeToolFor, []toolCase{
		{"Bash", "bash", []string{"command"}, nil},
		{"Read", "read", []string{"file_path"}, nil},
		{"Edit", "edit", []string{"file_path"}, nil},
		{"Write", "edit", []string{"file_path"}, nil},
		{"MultiEdit", "edit", []string{"file_path"}, nil},
		{"NotebookEdit", "edit", []string{"notebook_path", "file_path"}, nil},
		{"Glob", "glob", []string{"pattern"}, []string{"path"}},
		{"Grep", "grep", []string{"pattern"}, []string{"path"}},
		{"LS", "list", []string{"path"}, nil},
		{"WebFetch", "webfetch", []string{"url"}, nil},
		{"WebSearch", "websearch", []string{"query"}, nil},
		{"Task", "task", []string{"subagent_type"}, nil},
		{"Agent", "task", []string{"subagent_type"}, nil},
		{"TodoWrite", "todo", nil, nil},
		{"mcp__github__create_issue", "mcp__github__create_issue", nil, nil},
		{"ExitPlanMode", "ExitPlanMode", nil, nil},
		{"Monitor", "bash", []string{"command"}, nil},
		{"Workflow", "bash", []string{"script"}, nil},
		{"PowerShell", "bash", []string{"command"}, nil},
		{"SendMessage", "task", nil, nil},
		{"CronCreate", "task", []string{"prompt"}, nil},
		{"ScheduleWakeup", "task", []string{"prompt"}, nil},
		{"EnterWorktree", "edit", []string{"path", "name"}, nil},
		{"TaskCreate", "todo", nil, nil},
		{"Skill", "skill", []string{"skill", "name"}, nil},
		{"ToolSearch", "ToolSearch", nil, nil},
		{"BASH", "bash", []string{"command"}, nil},    // any case of a table name is that tool
		{"bash", "bash", []string{"command"}, nil},    // lower case too
		{"monitor", "bash", []string{"command"}, nil}, // and any tool of the table
		{"write", "edit", []string{"file_path"}, nil},
		{"EXEC", "bash", nil, nil}, // pi's shell tool names are the bash key whatever their case
		{"", "", nil, nil},
	})
}

func TestClaudeToolsAreConsistent(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, tool := range ClaudeTools() {
		if seen[tool.Name] {
			t.Errorf("Claude tool %q is listed twice", tool.Name)
		}
		seen[tool.Name] = true
		if !IsKnownKey(tool.Key) && tool.Key != "todo" && tool.Key != "skill" && tool.Key != tool.Name {
			t.Errorf("Claude tool %q maps to %q, which is neither a permission key of the table nor its own name", tool.Name, tool.Key)
		}
		runsCommands := slices.Contains([]string{"Bash", "PowerShell", "Monitor", "Workflow", "REPL"}, tool.Name)
		if IsShellKey(tool.Key) != runsCommands {
			t.Errorf("Claude tool %q: shell key = %v, want only the tools that run commands to be analysed as shell", tool.Name, IsShellKey(tool.Key))
		}
	}
}

func TestClaudeToolsReturnsCopies(t *testing.T) {
	t.Parallel()
	ClaudeTools()[0].Fields[0] = "changed"
	got := ClaudeToolFor("Bash")
	got.Fields[0] = "changed too"
	if f := ClaudeToolFor("Bash").Fields[0]; f != "command" {
		t.Errorf("after changing returned copies, Bash reads %q, want command", f)
	}
}
