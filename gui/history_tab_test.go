package gui

import (
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/reviewlog"
)

func TestHistoryTabShowsThePersonasCountsAndLatestDenials(t *testing.T) {
	dirs := fixtureDirs(t)
	l := reviewlog.Open(dirs)
	at := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	for _, e := range []reviewlog.Entry{
		{Time: at, Event: reviewlog.EventDecision, Agent: "reviewer", Tool: "read", Values: []string{"a.go"}, Action: "allow"},
		{Time: at, Event: reviewlog.EventDecision, Agent: "reviewer", Tool: "bash", Values: []string{"git push --force"}, Action: "deny",
			Rule: &reviewlog.Rule{Permission: "bash", Pattern: "git push *", Action: "deny"}},
		{Time: at, Event: reviewlog.EventDecision, Agent: "builder", Tool: "edit", Values: []string{"b.go"}, Action: "deny"},
	} {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	s := newTestShell(t, dirs)
	clickPersona(t, s, "reviewer")
	h := tabOf[*HistoryTab](t, s, TabHistory)
	if got := h.counts.Text; !strings.HasPrefix(got, "Logged decisions: 1 allowed, 0 asked, 1 denied.") {
		t.Errorf("counts = %q", got)
	}
	if got := strings.Join(h.Lines(), "\n"); !strings.Contains(got, "git push --force") || !strings.Contains(got, "bash git push * deny") || strings.Contains(got, "b.go") {
		t.Errorf("latest = %q; want reviewer's denial with its rule, not builder's", got)
	}
}

// TestHistoryTabFollowsTheLog: a decision logged while the History tab is open is shown
// without a Reload, as the Log screen shows it.
func TestHistoryTabFollowsTheLog(t *testing.T) {
	dirs := fixtureDirs(t)
	s, q := newQueuedShell(t, dirs)
	s.App().Preferences().SetBool(logFollowKey, true)
	clickPersona(t, s, "reviewer")
	h := tabOf[*HistoryTab](t, s, TabHistory)
	select {
	case <-h.ready:
	case <-time.After(time.Minute): // only a hang
		t.Fatal("the History tab never started following the log")
	}
	// A persona the log has no decisions of gets its counts, not "Reading…" for ever.
	waitUI(t, q, "the counts of nothing", func() bool {
		return strings.HasPrefix(h.counts.Text, "Logged decisions: 0 allowed, 0 asked, 0 denied.")
	})
	at := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	for _, e := range []reviewlog.Entry{
		{Time: at, Event: reviewlog.EventDecision, Agent: "builder", Tool: "edit", Values: []string{"b.go"}, Action: "deny"},
		{Time: at, Event: reviewlog.EventDecision, Agent: "reviewer", Tool: "bash", Values: []string{"rm -rf build"}, Action: "ask"},
	} {
		if err := reviewlog.Open(dirs).Append(e); err != nil {
			t.Fatal(err)
		}
	}
	waitUI(t, q, "the new ask on the History tab", func() bool {
		return strings.Contains(strings.Join(h.Lines(), "\n"), "rm -rf build")
	})
	if got := h.counts.Text; !strings.HasPrefix(got, "Logged decisions: 0 allowed, 1 asked, 0 denied.") {
		t.Errorf("counts = %q; want the one ask, not builder's denial", got)
	}
}
