package decide

import (
	"reflect"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
)

func TestLogCallNamesTheCallAsTheAgentMadeIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		call Call
		want approvals.Call
	}{
		{"a plain call", Call{Session: "s", ID: "t1", Tool: "bash", Value: "ls"},
			approvals.Call{Session: "s", Agent: "builder", CallID: "t1", Tool: "bash", Values: []string{"ls"}}},
		{"a skill's inline command", Call{Session: "s", Tool: "Bash", Value: "ls", Skill: "deploy"},
			approvals.Call{Session: "s", Agent: "builder", Tool: "skill deploy: Bash", Values: []string{"ls"}}},
		{"every agent a subagent call runs", Call{Session: "s", AgentID: "a1", Tool: "subagent", Value: "x", Also: []string{"y"}},
			approvals.Call{Session: "s", Agent: "builder", AgentID: "a1", Tool: "subagent", Values: []string{"x", "y"}}},
	}
	for _, tt := range tests {
		if got := LogCall(tt.call, "builder"); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: LogCall = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// A logged call is decided again as the gate read it: a skill's command as bash, the other
// values too, a tool agentmgr does not know as unknown, a shell call without a command as
// one that has no value.
func TestLoggedIsTheCallLogCallRecorded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, tool, key string
		values          []string
		want            Call
	}{
		{"a plain call", "bash", "bash", []string{"ls"}, Call{Client: ClientJSON, Tool: "bash", Key: "bash", Value: "ls"}},
		{"a skill's inline command", "skill deploy: Bash", "bash", []string{"ls"}, Call{Client: ClientJSON, Tool: "Bash", Skill: "deploy", Key: "bash", Value: "ls"}},
		{"several values", "subagent", "task", []string{"x", "y"}, Call{Client: ClientJSON, Tool: "subagent", Key: "task", Value: "x", Also: []string{"y"}}},
		{"an MCP tool", "mcp__db__query", "mcp__db__query", []string{"q"}, Call{Client: ClientJSON, Tool: "mcp__db__query", Key: "mcp__db__query", Value: "q", Unknown: true}},
		{"a shell call without a command", "bash", "bash", []string{" "}, Call{Client: ClientJSON, Tool: "bash", Key: "bash", Value: " ", NoValue: true}},
		{"a path call without values", "read", "read", nil, Call{Client: ClientJSON, Tool: "read", Key: "read", NoValue: true}},
	}
	for _, tt := range tests {
		got := Logged(tt.tool, tt.key, tt.values)
		if len(got.Also) == 0 {
			got.Also = nil
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Logged = %+v, want %+v", tt.name, got, tt.want)
		}
		if l := LogCall(got, "a"); tt.values != nil && !reflect.DeepEqual(l.Values, tt.values) || l.Tool != tt.tool {
			t.Errorf("%s: LogCall(Logged) = %+v, want tool %q and values %q back", tt.name, l, tt.tool, tt.values)
		}
	}
}

// Whatever the log holds, the call Logged reads back is recorded as it was logged: LogCall
// gives the same tool name and values again.
func FuzzLogged(f *testing.F) {
	f.Add("skill deploy: Bash", "bash", "ls", "")
	f.Add("skill : x", "bash", "", "y")
	f.Add("mcp__db__query", "mcp__db__query", "select 1", "")
	f.Fuzz(func(t *testing.T, tool, key, first, second string) {
		values := []string{first}
		if second != "" {
			values = append(values, second)
		}
		l := LogCall(Logged(tool, key, values), "a")
		if l.Tool != tool || !reflect.DeepEqual(l.Values, values) {
			t.Errorf("Logged(%q, %q, %q) logs again as %q %q", tool, key, values, l.Tool, l.Values)
		}
	})
}
