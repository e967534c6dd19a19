package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/preview"
)

// The kinds of view the window computes off the UI goroutine (see workspace.Views): a newer
// snapshot of a kind supersedes an older one. There is one Preview, one Problems and one Rules
// tab at a time (the open persona's), so a kind each is enough.
const (
	viewMatrix    = "matrix"
	viewPreview   = "preview"
	viewProblems  = "problems"
	viewSimulator = "simulator"
	viewRuleNotes = "rule notes" // the lint notes under the Rules tab's rows
)

// Close ends the window's background work: the watcher stops, no view computed from now on
// is applied, no screen hears of a change any more (a reload read before the window closed
// changes nothing), and Close returns once every goroutine the shell started has returned.
// Tests call it in their cleanup, so that nothing of theirs runs into the next test's widgets.
// It waits for goroutines that hand their results to the UI goroutine, so it is called while
// that still runs: the app, whose process ends with its window, only stops watching after
// ShowAndRun (Fyne's queue is closed by then, and a goroutine handing it a result would panic).
func (s *Shell) Close() {
	s.StopWatching()
	s.tasks.end() // the Log's follow and an approval dialog's countdown end (tasks.untilClose)
	if st := s.preview; st != nil && st.log != nil {
		st.log.StopFollow() // what it still reads is dropped, not shown
	}
	s.views.Close()
	s.ws.Close()
	s.tasks.wait()
}

// viewInput is what every preview computation starts from, taken on the UI goroutine: the
// guards and the options (yolo). The worker alone touches the preview cache, one view at a
// time, and brings it up to date with these first.
type viewInput struct {
	guards []engine.Ruleset
	opts   preview.Options
}

// viewInputOf is the views' input as ws holds it now.
func viewInputOf(ws *workspace.Workspace) viewInput {
	return viewInput{guards: ws.Guards(), opts: preview.Options{Yolo: ws.Yolo()}}
}

// prepare brings the cache up to date with in; only view computations call it, on the worker.
func (st *previewState) prepare(in viewInput) {
	st.cache.SetGuards(in.guards)
	st.cache.SetOptions(in.opts)
}

// editorTabShown reports whether tab, the editor tab titled title of m, is in front. A tab
// behind another is hidden by its tab container, not by itself, so its own Visible says
// nothing while the editor holds it; a tab no editor holds (a test's) is shown when visible.
func (p *PersonasScreen) editorTabShown(m *personaedit.Model, title string, tab fyne.CanvasObject) bool {
	v := (*EditorView)(nil)
	if p != nil {
		v = p.view
	}
	if v == nil || v.model != m || v.tabs == nil || v.built(title) != tab {
		return tab.Visible()
	}
	return v.tabs.Selected() != nil && v.tabs.Selected().Text == title
}

// setLabel sets l's text only when it differs: every SetText lays the text out again (shaping
// it is most of a keystroke's cost), and most keystrokes leave most labels as they were.
func setLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// tabDeps are what the editor's Preview and Problems tabs use of their window: the
// workspace, the view worker, the preferences (the tools shown), the folders (rule sources are
// shown relative to them), the asker, and the functions that say whether a tab is in front
// and reveal a rule.
type tabDeps struct {
	ws    *workspace.Workspace
	views *workspace.Views
	prefs fyne.Preferences
	dirs  *locations.Dirs
	ask   asker
	// inFront reports whether tab, the editor tab titled title of m, is the one shown.
	inFront    func(m *personaedit.Model, title string, tab fyne.CanvasObject) bool
	revealRule func(name string, row int)
}

// tabDepsOf are the tab dependencies of s's window.
func tabDepsOf(s *Shell) tabDeps {
	return tabDeps{ws: s.ws, views: s.views, prefs: s.App().Preferences(), dirs: &s.dirs, ask: s.ask,
		inFront: func(m *personaedit.Model, title string, tab fyne.CanvasObject) bool {
			return s.screen.editorTabShown(m, title, tab)
		},
		revealRule: s.RevealRule}
}
