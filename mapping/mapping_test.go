package mapping

import (
	"slices"
	"testing"
)

func TestKeyForTool(t *testing.T) {
	t.Parallel()
	tests := []struct{ tool, want string }{
		{"read", "read"}, {"hash_read", "read"}, {"find", "glob"}, {"ls", "list"},
		{"write", "edit"}, {"apply_patch", "edit"}, {"patch", "edit"}, {"bash", "bash"},
		{"exec", "bash"}, {"web_search", "websearch"}, {"fetch_content", "webfetch"},
		{"intercom", "task"}, {"ask_user_question", "question"},
		{"Agent", "task"}, {"agent", "task"}, {"AGENT", "task"}, {"get_subagent_result", "task"}, {"steer_subagent", "task"},
		{"ctx_execute", "ctx_execute"}, {"mcp_github_issue", "mcp_github_issue"}, {"", ""},
		{"Bash", "bash"}, {"BASH", "bash"}, {"Shell", "bash"}, {"WRITE", "edit"}, {"Ctx_Execute", "Ctx_Execute"},
	}
	for _, tt := range tests {
		if got := KeyForTool(tt.tool); got != tt.want {
			t.Errorf("KeyForTool(%q) = %q, want %q", tt.tool, got, tt.want)
		}
	}
}

func TestToolsForKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		key  string
		want []string
	}{
		{"edit", []string{"write", "edit", "delete_file", "hash_edit", "apply_patch", "multiedit", "patch"}},
		{"glob", []string{"find"}},
		{"todo", []string{"todo"}},
	}
	for _, tt := range tests {
		if got := ToolsForKey(tt.key); !slices.Equal(got, tt.want) {
			t.Errorf("ToolsForKey(%q) = %v, want %v", tt.key, got, tt.want)
		}
	}
}

func TestEveryToolRoundTrips(t *testing.T) {
	t.Parallel()
	for _, f := range Families() {
		for _, tool := range f.Tools {
			if got := KeyForTool(tool); got != f.Key {
				t.Errorf("tool %q maps to %q, want %q", tool, got, f.Key)
			}
		}
	}
}

func TestKnownTools(t *testing.T) {
	t.Parallel()
	got := KnownTools("custom", "read", "custom")
	if !slices.Equal(got[:7], []string{"read", "bash", "edit", "write", "grep", "find", "ls"}) {
		t.Errorf("KnownTools starts with %v, want pi's built-ins first", got[:7])
	}
	if got[len(got)-1] != "custom" {
		t.Errorf("KnownTools last = %q, want the user's extra tool", got[len(got)-1])
	}
	seen := map[string]int{}
	for _, tool := range got {
		seen[tool]++
		if seen[tool] > 1 {
			t.Errorf("KnownTools lists %q twice", tool)
		}
	}
	if len(got) != 30 {
		t.Errorf("KnownTools has %d tools, want 30 (29 mapped + 1 extra)", len(got))
	}
}

func TestKeyKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		key         string
		path, shell bool
	}{
		{"read", true, false}, {"edit", true, false}, {"external_directory", true, false},
		{"bash", false, true}, {"webfetch", false, false}, {"todo", false, false},
	}
	for _, tt := range tests {
		if IsPathKey(tt.key) != tt.path || IsShellKey(tt.key) != tt.shell {
			t.Errorf("%q: path=%v shell=%v, want %v %v", tt.key, IsPathKey(tt.key), IsShellKey(tt.key), tt.path, tt.shell)
		}
	}
}

func TestIsKnownTool(t *testing.T) {
	t.Parallel()
	for tool, want := range map[string]bool{
		"bash": true, "Bash": true, "read": true, "fetch_content": true, "websearch": true, "Agent": true,
		"ListAgents": true, "todo": true, "ctx_search": true, "external_directory": true,
		// OpenCode's own tools, which serve decides for the OpenCode plugin.
		"todowrite": true, "todoread": true, "skill": true, "lsp": true, "codesearch": true,
		"ctx_execute": false, "mcp__srv__exec": false, "my_tool": false, "": false,
	} {
		if got := IsKnownTool(tool); got != want {
			t.Errorf("IsKnownTool(%q) = %v, want %v", tool, got, want)
		}
	}
}
