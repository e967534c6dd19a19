package mapping

import (
	"slices"
	"testing"
)

func TestClaudeToolFor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		key    string
		fields []string
	}{
		{"Bash", "bash", []string{"command"}},
		{"Read", "read", []string{"file_path"}},
		{"Edit", "edit", []string{"file_path"}},
		{"Write", "edit", []string{"file_path"}},
		{"MultiEdit", "edit", []string{"file_path"}},
		{"NotebookEdit", "edit", []string{"notebook_path", "file_path"}},
		{"Glob", "glob", []string{"pattern"}},
		{"Grep", "grep", []string{"pattern"}},
		{"LS", "list", []string{"path"}},
		{"WebFetch", "webfetch", []string{"url"}},
		{"WebSearch", "websearch", []string{"query"}},
		{"Task", "task", []string{"subagent_type"}},
		{"Agent", "task", []string{"subagent_type"}},
		{"TodoWrite", "todo", nil},
		{"mcp__github__create_issue", "mcp__github__create_issue", nil},
		{"ExitPlanMode", "ExitPlanMode", nil},
		{"Monitor", "bash", []string{"command"}},
		{"Workflow", "bash", []string{"script"}},
		{"PowerShell", "bash", []string{"command"}},
		{"SendMessage", "task", nil},
		{"CronCreate", "task", []string{"prompt"}},
		{"ScheduleWakeup", "task", []string{"prompt"}},
		{"EnterWorktree", "edit", []string{"path", "name"}},
		{"TaskCreate", "todo", nil},
		{"Skill", "skill", []string{"skill", "name"}},
		{"ToolSearch", "ToolSearch", nil},
		{"BASH", "bash", []string{"command"}},    // any case of a table name is that tool
		{"bash", "bash", []string{"command"}},    // lower case too
		{"monitor", "bash", []string{"command"}}, // and any tool of the table
		{"write", "edit", []string{"file_path"}},
		{"EXEC", "bash", nil}, // pi's shell tool names are the bash key whatever their case
		{"", "", nil},
	}
	for _, tt := range tests {
		got := ClaudeToolFor(tt.name)
		if got.Name != tt.name || got.Key != tt.key || !slices.Equal(got.Fields, tt.fields) {
			t.Errorf("ClaudeToolFor(%q) = {%q %q %q}, want {%q %q %q}", tt.name, got.Name, got.Key, got.Fields, tt.name, tt.key, tt.fields)
		}
	}
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
