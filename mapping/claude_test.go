package mapping

import (
	"slices"
	"testing"
)

func TestClaudeToolFor(t *testing.T) {
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
		{"bash", "bash", nil}, // pi's lower-case names are not Claude Code's: the key is the name itself
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
	seen := map[string]bool{}
	for _, tool := range ClaudeTools() {
		if seen[tool.Name] {
			t.Errorf("Claude tool %q is listed twice", tool.Name)
		}
		seen[tool.Name] = true
		if !IsKnownKey(tool.Key) && tool.Key != "todo" {
			t.Errorf("Claude tool %q maps to %q, which is not a permission key of the table", tool.Name, tool.Key)
		}
		if IsShellKey(tool.Key) != (tool.Name == "Bash") {
			t.Errorf("Claude tool %q: shell key = %v, want only Bash to be analysed as a shell command", tool.Name, IsShellKey(tool.Key))
		}
	}
}

func TestClaudeToolsReturnsCopies(t *testing.T) {
	ClaudeTools()[0].Fields[0] = "changed"
	got := ClaudeToolFor("Bash")
	got.Fields[0] = "changed too"
	if f := ClaudeToolFor("Bash").Fields[0]; f != "command" {
		t.Errorf("after changing returned copies, Bash reads %q, want command", f)
	}
}
