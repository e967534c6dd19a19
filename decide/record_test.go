package decide

import (
	"reflect"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
)

func TestLogCallNamesTheCallAsTheAgentMadeIt(t *testing.T) {
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
