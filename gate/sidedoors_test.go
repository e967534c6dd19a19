package gate

import (
	"context"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
)

// An MCP tool's exec, shell, write and fetch are decided as bash, edit and webfetch; an
// unknown tool allowed only by "*" asks when the persona restricts any of them.
func TestSideDoorsAreDecided(t *testing.T) {
	builderLike := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
		{Permission: "edit", Pattern: "*", Action: engine.Ask},
		{Permission: "webfetch", Pattern: "*", Action: engine.Deny},
	}
	namesServer := append(engine.Ruleset{}, builderLike...)
	namesServer = append(namesServer, engine.Rule{Permission: "mcp__srv__*", Pattern: "*", Action: engine.Allow})
	loose := engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}
	tests := []struct {
		name  string
		rules engine.Ruleset
		tool  string
		input string
		want  string
	}{
		{"argv rm", builderLike, "mcp__srv__exec", `{"argv":["rm","-rf","victim"]}`, "deny"},
		{"command_line rm", builderLike, "mcp__srv__shell", `{"command_line":"rm -rf victim"}`, "deny"},
		{"write asks as edit", builderLike, "mcp__fs__write_file", `{"path":"/p/x","content":"y"}`, "ask"},
		{"fetch denied as webfetch", builderLike, "mcp__web__fetch", `{"url":"https://example.com/"}`, "deny"},
		{"unknown tool under a restricting persona asks", builderLike, "mcp__srv__status", `{}`, "ask"},
		{"a persona naming the server decides as written", namesServer, "mcp__srv__status", `{}`, "allow"},
		{"naming the server never lifts bash", namesServer, "mcp__srv__exec", `{"argv":["rm","x"]}`, "deny"},
		{"a persona restricting nothing allows", loose, "mcp__x__status", `{}`, "allow"},
		{"a known tool is not unknown", builderLike, "Read", `{"file_path":"/p/a"}`, "allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(tt.rules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
			ev := `{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"` + tt.tool + `","tool_input":` + tt.input + `}`
			out := g.Claude(context.Background(), []byte(ev)).HookSpecificOutput
			if out.PermissionDecision != tt.want {
				t.Errorf("%s %s = %s (%s), want %s", tt.tool, tt.input, out.PermissionDecision, out.PermissionDecisionReason, tt.want)
			}
		})
	}
}

// task is decided on the subagent's name: Claude Code's Agent tool names it in subagent_type.
func TestTaskIsDecidedOnTheSubagentsName(t *testing.T) {
	rules := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "task", Pattern: "*", Action: engine.Ask},
		{Permission: "task", Pattern: "reviewer", Action: engine.Allow},
	}
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(rules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
	for agent, want := range map[string]string{"reviewer": "allow", "general-purpose": "ask", "": "ask"} {
		ev := `{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Agent","tool_input":{"subagent_type":"` + agent + `","prompt":"x"}}`
		if got := g.Claude(context.Background(), []byte(ev)).HookSpecificOutput; got.PermissionDecision != want {
			t.Errorf("Agent %q = %s (%s), want %s", agent, got.PermissionDecision, got.PermissionDecisionReason, want)
		}
	}
}
