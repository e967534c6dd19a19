package logfeed

import (
	"fmt"
	"testing"

	"github.com/agentmgr/agentmgr/reviewlog"
)

func TestLogCells(t *testing.T) {
	e := reviewlog.Entry{Event: "reply", Values: []string{"a", "b"}, Reply: "reject", By: "person", Message: "not now",
		Rule: &reviewlog.Rule{Permission: "bash", Pattern: "rm *", Action: "ask"}, Source: "builtin:builder"}
	for col, want := range map[int]string{4: "a; b", 6: "bash rm * ask", 7: "builtin:builder", 8: "reject · person · not now"} {
		if got := Cell(e, col); got != want {
			t.Errorf("column %s = %q, want %q", Columns[col], got, want)
		}
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
