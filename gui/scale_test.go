package gui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/gui/impact"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// longName is a persona name longer than any column or line should be allowed to grow to.
const longName = "a-persona-whose-name-goes-on-and-on-well-past-any-column-of-the-window"

// scaleShell is the app's window over n generated personas and one with a very long name,
// some of them with bypassable shell deny-lists.
func scaleShell(t *testing.T, n int) *Shell {
	t.Helper()
	dirs := manyPersonas(t, n)
	deny := "---\ndescription: Deny-list shell rules.\npermissions:\n  \"*\": ask\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\nLong.\n"
	if err := os.WriteFile(filepath.Join(dirs.GlobalAgents(), longName+".md"), []byte(deny), 0o644); err != nil {
		t.Fatal(err)
	}
	a := newTestShell(t, dirs, Screens()...)
	a.App().Preferences().SetBool(logFollowKey, false)
	return a
}

// fits fails the test when the window's content needs more than w x h (with a menu bar).
func fits(t *testing.T, s *Shell, what string, w, h float32) {
	t.Helper()
	if m := s.frame.MinSize(); m.Width > w || m.Height > h-menuBarHeight {
		t.Errorf("%s: the window's content needs %v; want it to fit %vx%v with a menu bar", what, m, w, h)
	}
}

// With 300 personas the Matrix must neither grow the window nor give its place to a paragraph:
// the grid is a table that lays out only what shows, and the shell summary is one line and a
// column.
func TestMatrixWith300PersonasFitsTheWindow(t *testing.T) {
	s := scaleShell(t, 300)
	s.Window().Resize(fyne.NewSize(800, 600))
	if !s.ShowScreen(MatrixTitle) {
		t.Fatal("no Matrix screen")
	}
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	fits(t, s, "Matrix", 800, 600)
	if got := len(m.VisibleRows()); got < 301 {
		t.Fatalf("the matrix shows %d rows; want every persona (301 and the built-ins)", got)
	}
	if h := m.table.Size().Height; h < 150 {
		t.Errorf("the matrix grid is %v px high at 800x600; want the grid to keep most of the screen", h)
	}
	if line := m.ShellLine(); strings.Count(line, "\n") > 0 || !strings.Contains(line, "1 persona(s)") {
		t.Errorf("shell line = %q; want one line counting the one bypassable persona", line)
	}

	// The matrix's filter and the toolbar's search both pick rows by name.
	m.SetQuery("gen01")
	if got := m.VisibleRows(); len(got) != 10 || got[0] != "gen010" {
		t.Errorf("filter gen01: rows %v; want gen010 … gen019", got)
	}
	m.SetQuery("")
	s.toolbar.Search.SetText("on-and-on")
	if got := m.VisibleRows(); !slices.Equal(got, []string{longName}) {
		t.Errorf("toolbar search on-and-on: rows %v; want only %s", got, longName)
	}
	s.toolbar.Search.SetText("")

	// An edit elsewhere keeps it so, and every screen after it too.
	s.SelectPersona("gen100")
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Rules[0].Pattern = "x*" })
	fits(t, s, "Matrix after an edit", 800, 600)
	for _, title := range s.tabs.titles() {
		s.ShowScreen(title)
		fits(t, s, title+" screen after the Matrix", 800, 600)
	}
}

// At 800x600 a long persona name is cut, never widening the window: the editor's heading, the
// review-log line and the list.
func TestALongPersonaNameNeverWidensTheWindow(t *testing.T) {
	s := scaleShell(t, 3)
	s.Window().Resize(fyne.NewSize(800, 600))
	s.SelectPersona(longName)
	if s.ws.Draft() == nil {
		t.Fatal("the long-named persona did not open")
	}
	for _, tab := range []string{TabPersona, TabRules, TabFile} {
		s.screen.View().ShowTab(tab)
		fits(t, s, tab+" tab of "+longName, 800, 600)
	}
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "edited" })
	fits(t, s, "edited "+longName, 800, 600)
	// The replay line names the persona.
	v := s.screen.View().Impact()
	v.started = true
	v.Show()
	v.apply(impact.Result{Agent: longName, Seq: v.seq})
	if !strings.Contains(v.Button.Text, longName) {
		t.Fatalf("replay line %q does not name the persona", v.Button.Text)
	}
	fits(t, s, "the replay line naming "+longName, 800, 600)
}

// Opening one persona after another leaves the workspace's subscriptions as they were: editors
// follow their own model, and no screen subscribes again each time.
func TestOpeningPersonasLeavesNoSubscriptionBehind(t *testing.T) {
	s := scaleShell(t, 5)
	s.ShowScreen(MatrixTitle)
	s.ShowScreen(PersonasTitle)
	s.SelectPersona("gen000")
	before := s.ws.Subscribers()
	for _, name := range []string{"gen001", "gen002", "gen003", "gen004", "gen000"} {
		s.SelectPersona(name)
		s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "x" })
		s.edit.revertEditor()
	}
	if after := s.ws.Subscribers(); after != before {
		t.Errorf("%d subscriptions after opening five personas; %d before", after, before)
	}
}
