package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/preview"
)

// waitView runs queued UI work until the view of snapshot seq (and every one before it) is
// applied or superseded: the handshake that replaces sleeping.
func waitView(t *testing.T, s *Shell, q uiQueue, seq uint64) {
	t.Helper()
	done := s.views.Wait(seq)
	deadline := time.After(time.Minute) // only a hang
	for {
		select {
		case <-done:
			return
		case f := <-q:
			f()
		case <-deadline:
			t.Fatalf("the view of snapshot %d was never applied", seq)
		}
	}
}

func TestMatrixIsComputedOffTheUIGoroutine(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t), Screens()...)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	// Building the screen asked the worker for the matrix; until the UI goroutine (here the
	// test's) runs what the worker handed back, the grid is empty.
	if n := len(m.matrix.Rows); n != 0 {
		t.Fatalf("the matrix has %d rows before the UI applied the worker's result; want it computed off the UI goroutine", n)
	}
	waitView(t, s, q, s.views.Latest())
	if got, want := len(m.matrix.Rows), len(s.ws.Catalog().Personas()); got != want || want == 0 {
		t.Errorf("matrix rows %d after the worker's result was applied; want one per persona (%d)", got, want)
	}
}

func TestPreviewOfANewerDraftSupersedesAnOlderOne(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	pt := tabOf[*PreviewTab](t, s, PreviewTitle)
	waitView(t, s, q, s.views.Latest())
	// Two keystrokes before the worker's results are applied: only the second one's preview
	// may show, even though both were asked for.
	for _, pattern := range []string{"docs/*", "src/*"} {
		s.ws.Draft().Update(func(d *personaedit.Draft) {
			d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "edit", Pattern: pattern, Action: engine.Allow})
		})
	}
	waitView(t, s, q, s.views.Latest())
	st, ok := pt.Status("write")
	if !ok {
		t.Fatal("the preview has no write row")
	}
	found := false
	for _, o := range st.Outcomes {
		if o.Rule != nil && o.Rule.Rule.Pattern == "src/*" {
			found = true
		}
	}
	if !found {
		t.Errorf("write's outcomes %+v do not name the newest draft's rule edit src/*", st.Outcomes)
	}
}

// behindRules opens reviewer in a window with its tab titled title built, and then the Rules
// tab in front of it.
func behindRules[T any](t *testing.T, title string) (*Shell, T) {
	t.Helper()
	s := newTestShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	tab := tabOf[T](t, s, title)
	s.screen.View().ShowTab(TabRules)
	return s, tab
}

func TestPreviewBehindAnotherTabWaitsUntilShown(t *testing.T) {
	s, pt := behindRules[*PreviewTab](t, PreviewTitle)
	before, problems := s.views.Newest(viewPreview), s.views.Newest(viewProblems)
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "edit", Action: engine.Allow})
	})
	if !pt.lag.stale || s.views.Newest(viewPreview) != before || s.views.Newest(viewProblems) != problems {
		t.Errorf("a keystroke on the Rules tab asked for a preview (%v) or problems (%v) view; the Preview and Problems tabs behind it should wait",
			s.views.Newest(viewPreview) != before, s.views.Newest(viewProblems) != problems)
	}
	s.screen.View().ShowTab(PreviewTitle)
	if s.views.Newest(viewPreview) == before || pt.lag.stale {
		t.Error("showing the Preview tab again did not bring it up to date")
	}
	if st, ok := pt.Status("write"); !ok || st.Kind == preview.KindHidden {
		t.Errorf("after catching up the preview says %+v for write; want it shown by the new edit rule", st)
	}
}

func TestClosedShellAppliesNoView(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t), Screens()...)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	seq := s.views.Latest()
	s.Close() // the worker's goroutine has returned when Close does
	waitView(t, s, q, seq)
	if n := len(m.matrix.Rows); n != 0 {
		t.Errorf("a matrix computed before Close was applied after it (%d rows)", n)
	}
}

func TestFileTabBehindAnotherTabRendersWhenShown(t *testing.T) {
	s, ft := behindRules[*FileTab](t, TabFile)
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "edit", Pattern: "docs/*", Action: engine.Allow})
	})
	if !ft.lag.stale || strings.Contains(ft.diff.Text(), "docs/*") {
		t.Error("the File tab behind the Rules tab rendered the file on a keystroke")
	}
	s.screen.View().ShowTab(TabFile)
	if ft.lag.stale || !strings.Contains(ft.diff.Text(), "docs/*") {
		t.Errorf("shown again, the File tab does not show the edit:\n%s", ft.diff.Text())
	}
}

func TestScreenThatUnsubscribedIsNotCalled(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	var gone, kept int
	unsubscribe := s.Workspace().OnDraft(func(workspace.DraftEvent) { gone++ })
	s.Workspace().OnDraft(func(workspace.DraftEvent) { kept++ })
	unsubscribe()
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "Reviews, and says so." })
	if gone != 0 || kept != 1 {
		t.Errorf("after one keystroke: the unsubscribed screen was called %d times, the subscribed one %d; want 0 and 1", gone, kept)
	}
	// A keystroke is not a catalog or active change: the screens that follow only those are
	// not called.
	catalog := 0
	s.Workspace().OnCatalog(func(workspace.CatalogEvent) { catalog++ })
	s.Workspace().OnActive(func(workspace.ActiveEvent) { catalog++ })
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "Reviews, and says so twice." })
	if catalog != 0 {
		t.Errorf("a keystroke called %d catalog or active subscribers", catalog)
	}
}

// The Rules tab's lint notes are computed by the view worker, not by the keystroke on the UI
// goroutine, and the rows show the newest draft's.
func TestRuleNotesAreComputedOffTheUIGoroutine(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	rt := tabOf[*RulesTab](t, s, TabRules)
	waitView(t, s, q, s.views.Latest())
	shadowed := func() bool {
		row := rt.Row(1)
		if row == nil {
			return false
		}
		for _, n := range row.Notes() {
			if n.Fix == "Move rule 2 below rule 3" {
				return true
			}
		}
		return false
	}
	if shadowed() {
		t.Fatal("the reviewer's second row is shadowed before the edit")
	}
	// "git *" after "git push *" would decide nothing the first has not: rule 2 is shadowed.
	rows := []personaedit.RuleRow{
		{Permission: "*", Pattern: "*", Action: engine.Ask},
		{Permission: "bash", Pattern: "git push *", Action: engine.Deny},
		{Permission: "bash", Pattern: "git *", Action: engine.Allow},
	}
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Rules = rows })
	if shadowed() {
		t.Fatal("the keystroke linted the rules on the UI goroutine; want the view worker to")
	}
	waitView(t, s, q, s.views.Latest())
	if !shadowed() {
		t.Fatalf("after the worker's result, row 2 shows the notes %+v; want the shadowed rule's move", rt.Row(1).Notes())
	}
	// Two drafts before the UI runs what the worker handed back: the rows show the second's.
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Rules[2].Pattern = "git pull *" })
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Rules[2].Pattern = "git *" })
	waitView(t, s, q, s.views.Latest())
	if !shadowed() {
		t.Errorf("after two drafts, row 2 shows the notes %+v; want the newest draft's", rt.Row(1).Notes())
	}
	// The fix button runs the fix of the notes shown.
	b := findButton(rt.Row(1), "Move rule 2 below rule 3")
	if b == nil {
		t.Fatal("row 2 has no fix button")
	}
	b.OnTapped()
	want := []string{"* * ask", "bash git * allow", "bash git push * deny"}
	if got := rowTexts(s.ws.Draft()); !slices.Equal(got, want) {
		t.Errorf("after the fix, rows = %q, want %q", got, want)
	}
	waitView(t, s, q, s.views.Latest())
	if n := rt.Row(1).Notes(); len(n) != 0 {
		t.Errorf("after the fix, row 2 still shows %+v", n)
	}
}
