package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/sessions"
)

func TestApprovalsScreenShowsARefusedRevoke(t *testing.T) {
	f := newApprovalsFixture(t)
	if _, err := approvals.AppendSessionRules(sessions.Open(f.dirs), "s1", approvals.OperatorAuthority,
		engine.Rule{Permission: "bash", Pattern: "a *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	f.pump("the serving status", func() bool { return f.model.State().Serving })
	// The rule as the screen showed it, but another writer replaced it meanwhile.
	f.screen.revoke("s1", 1, engine.Rule{Permission: "bash", Pattern: "b *", Action: engine.Allow})
	f.pump("the refused revoke in the status line", func() bool {
		return strings.Contains(f.screen.status.Text, "changed since they were shown")
	})
	if !strings.HasPrefix(f.screen.status.Text, "Answering agents") {
		t.Errorf("status %q: serving goes on and should still say so", f.screen.status.Text)
	}
}

func TestApprovalsScreenSessionsList(t *testing.T) {
	f := newApprovalsFixture(t)
	if !f.screen.noPending.Visible() {
		t.Error("with nothing pending, the Pending tab does not say so")
	}
	if !f.screen.noRecent.Visible() || !strings.Contains(f.screen.noRecent.Text, "No answers yet") {
		t.Error("with no answers, the Recent tab does not say what fills it")
	}
	if len(f.screen.noSessionsBox.Objects) != 1 || !strings.Contains(f.screen.noSessions.Text, "always") {
		t.Error("with no session rules, the Session rules tab does not say what fills it")
	}
	if _, err := approvals.AppendSessionRules(sessions.Open(f.dirs), "s1", approvals.OperatorAuthority,
		engine.Rule{Permission: "bash", Pattern: "a *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	dir := f.dirs.SessionsDir()
	if err := os.WriteFile(filepath.Join(dir, "s2.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.screen.follow()
	if len(f.screen.noSessionsBox.Objects) != 0 {
		t.Error("the empty-tab note stays over the listed sessions")
	}
	if got, want := sessionSummary(f.screen.sessionRows[0]), "s1  (1 rule, revision 1)"; got != want {
		t.Errorf("session row = %q, want %q", got, want)
	}
	if !f.screen.sessionsNote.Visible() || !strings.Contains(f.screen.sessionsNote.Text, "s2") {
		t.Errorf("a session file that does not read is not reported: visible %v, %q",
			f.screen.sessionsNote.Visible(), f.screen.sessionsNote.Text)
	}
}
