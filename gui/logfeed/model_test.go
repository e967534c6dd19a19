package logfeed

import (
	"fmt"
	"testing"

	"github.com/agentmgr/agentmgr/reviewlog"
)

func TestLogCells(t *testing.T) {
	e := reviewlog.Entry{Event: "reply", Values: []string{"a", "b"}, Reply: "reject", By: "person", Message: "not now",
		Rule: &reviewlog.Rule{Permission: "bash", Pattern: "rm *", Action: "ask"}, Source: "builtin:builder"}
	for col, want := range map[int]string{ColValues: "a; b", ColRule: "bash rm * ask", ColSource: "builtin:builder", ColReply: "reject · person · not now"} {
		if got := Cell(e, col); got != want {
			t.Errorf("column %s = %q, want %q", Columns[col], got, want)
		}
	}
}

func TestLogCellsNameTheToolTheSessionAndThePermissionKey(t *testing.T) {
	tests := []struct {
		name                   string
		e                      reviewlog.Entry
		session, tool, permKey string
	}{
		{"Claude Code's Bash", reviewlog.Entry{Session: "s1", Tool: "Bash", Permission: "bash"}, "s1", "Bash", "bash"},
		{"pi's bash", reviewlog.Entry{Session: "s2", Tool: "bash", Permission: "bash"}, "s2", "bash", "bash"},
		{"a subagent's call", reviewlog.Entry{Session: "s1", AgentID: "a7", Tool: "Read", Permission: "read"}, "s1 · subagent a7", "Read", "read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for col, want := range map[int]string{ColSession: tc.session, ColTool: tc.tool, ColPermission: tc.permKey} {
				if got := Cell(tc.e, col); got != want {
					t.Errorf("column %s = %q, want %q", Columns[col], got, want)
				}
			}
		})
	}
}

func TestLogModelKeepsTheNewest(t *testing.T) {
	m := New()
	m.limit = 3
	for i := range 5 {
		m.Append(reviewlog.Entry{Agent: fmt.Sprint(i)})
	}
	if m.Len() != 3 || m.Entry(0).Agent != "2" || m.Entry(2).Agent != "4" {
		t.Errorf("after 5 appends with room for 3: %d entries, first %q", m.Len(), m.Entry(0).Agent)
	}
}
