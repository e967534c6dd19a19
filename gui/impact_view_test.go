package gui

import (
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

func TestEditorSaysHowManyLoggedCallsAnEditWouldChange(t *testing.T) {
	s := part2Shell(t)
	ui := make(chan func(), 8)
	s.tasks.do = func(f func()) { ui <- f }
	lg := reviewlog.New(s.Dirs().ReviewLog(), reviewlog.Options{})
	for i, c := range []struct {
		value  string
		action engine.Action
	}{{"npm test", engine.Ask}, {"ls", engine.Ask}} {
		d := engine.Decision{Action: c.action, Permission: "bash"}
		at := time.Date(2026, 11, 30, 9, i, 0, 0, time.UTC)
		if err := lg.Append(reviewlog.DecisionEntry(at, approvals.Call{Agent: "sloppy", Session: "s9", Tool: "bash", Values: []string{c.value}}, d, nil)); err != nil {
			t.Fatal(err)
		}
	}
	s.SelectPersona("sloppy")
	v := s.screen.View().Impact()
	if v == nil || v.Visible() {
		t.Fatalf("before ReplayWhileEditing the line is shown (or missing): %v", v)
	}
	s.ReplayWhileEditing()
	(<-ui)()
	if got := v.Button.Text; got != "None of the last 2 calls would change." || !v.Button.Disabled() || !v.Visible() {
		t.Errorf("unedited: %q (disabled %v)", got, v.Button.Disabled())
	}
	m := s.ws.Draft()
	rows := m.Draft().Rules
	last := rows[len(rows)-1]
	last.Action = engine.Deny
	m.SetRule(len(rows)-1, last) // the edit only queues the replay
	(<-ui)()
	if got := v.Button.Text; got != "2 of the last 2 calls would change." || v.Button.Disabled() {
		t.Errorf("after the edit: %q (disabled %v)", got, v.Button.Disabled())
	}
	lines := strings.Join(v.ChangeLines(), "\n")
	for _, want := range []string{`bash "ls"  ask → deny  by "*" "*" deny`, `bash "npm test"  ask → deny`} {
		if !strings.Contains(lines, want) {
			t.Errorf("the list of changes lacks %q:\n%s", want, lines)
		}
	}
	// A result for an older request is dropped: only the newest edit's result shows.
	m.Revert()
	stale := v.Result()
	stale.Seq--
	v.apply(stale)
	if v.Button.Text != "2 of the last 2 calls would change." {
		t.Errorf("a stale result was applied: %q", v.Button.Text)
	}
	(<-ui)()
	if got := v.Button.Text; got != "None of the last 2 calls would change." {
		t.Errorf("after Revert: %q", got)
	}
}
