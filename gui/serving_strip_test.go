package gui

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/gui/approvalqueue"
)

// TestASecondWindowSaysOnEveryScreenThatItDoesNotAnswerAgents: a window that cannot answer
// agents because another app already does says so under its toolbar, on every screen, not
// only on the Approvals screen; once it answers, the line goes.
func TestASecondWindowSaysOnEveryScreenThatItDoesNotAnswerAgents(t *testing.T) {
	dirs := fixtureDirs(t)
	first := approvalqueue.New(dirs)
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(first.Stop)
	s := newTestShell(t, dirs, Screens()...)
	a := screenOf[*ApprovalsScreen](t, s, ApprovalsTitle)
	t.Cleanup(a.model.Stop)
	a.Start() // what the app does when it starts
	for _, title := range s.tabs.titles() {
		s.ShowScreen(title)
		if !a.strip.Visible() || a.strip.Size().Height <= 0 || !strings.Contains(a.strip.Text(), "another agentmgr app answers them") {
			t.Errorf("on the %s screen the strip shows %v (%v px): %q", title, a.strip.Visible(), a.strip.Size().Height, a.strip.Text())
		}
		if overlap(a.strip, s.tabs.tabs) {
			t.Errorf("on the %s screen the strip is drawn over the screens", title)
		}
	}
	findButton(a.strip, ApprovalsTitle+"…").OnTapped()
	if got := s.tabs.tabs.Selected().Text; got != ApprovalsTitle {
		t.Errorf("the strip's button shows the %s screen, want %s", got, ApprovalsTitle)
	}
	first.Stop()
	findButton(a.strip, "Answer agents").OnTapped()
	if a.strip.Visible() {
		t.Errorf("the strip stays once the window answers agents: %q", a.strip.Text())
	}
}
