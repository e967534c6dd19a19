package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/gui/keysedit"
	"github.com/agentmgr/agentmgr/gui/logfeed"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/preview"
)

// The app's wiring, in one place: the screens of the window, the tabs of the persona editor,
// what extends the main menu, and what remarks on rules. Nothing registers itself; a new screen
// or tab is added to one of these lists.

// Screen is a top-level page of the main window, after the Personas screen.
type Screen struct {
	Title string
	// IconName is a theme icon, looked up when the window is built.
	IconName fyne.ThemeIconName
	// Make builds the screen, the first time it is shown (or at once when Eager). The screen
	// lives as long as the window; it follows changes with the workspace's events
	// (workspace.Workspace.OnChange, Subscribe). Make is wiring: it takes from the shell what
	// the screen uses and passes each piece in; the screen itself holds no *Shell.
	Make func(*Shell) fyne.CanvasObject
	// Eager builds the screen with the window: for a screen that works while not shown (the
	// Approvals screen answers agents from the start).
	Eager bool
}

// Screens are the window's screens after Personas, in order. NewShell takes the ones a window
// shows: the app passes them all, a test only those it looks at.
func Screens() []Screen {
	return []Screen{
		{Title: SimulatorTitle, IconName: theme.IconNameSearch, Make: func(s *Shell) fyne.CanvasObject {
			st := previewStateOf(s)
			st.sim = simulatorScreenOf(s, st)
			return st.sim
		}},
		{Title: MatrixTitle, IconName: theme.IconNameGrid, Make: func(s *Shell) fyne.CanvasObject {
			st := previewStateOf(s)
			st.matrix = matrixScreenOf(s, st)
			return st.matrix
		}},
		{Title: ApprovalsTitle, IconName: theme.IconNameConfirm, Eager: true, Make: makeApprovalsScreen},
		{Title: KeysTitle, IconName: theme.IconNameComputer, Make: func(s *Shell) fyne.CanvasObject {
			return keysScreenOf(s, keysModel(s, s.App().Preferences().String(piVersionKey)))
		}},
		{Title: LogTitle, IconName: theme.IconNameList, Make: func(s *Shell) fyne.CanvasObject {
			v := logScreenOf(s, s.Dirs().ReviewLog())
			previewStateOf(s).log = v
			return v
		}},
		{Title: TrustTitle, IconName: theme.IconNameFolderOpen, Make: func(s *Shell) fyne.CanvasObject {
			return NewTrustScreen(s.Dirs(), s.ws, time.Now)
		}},
	}
}

// EditorTab is a tab of the persona editor.
type EditorTab struct {
	Title string
	// Make builds the tab for one open persona, the first time the tab is shown, from what c
	// gives of the window. The result is dropped when the editor moves on, so the tab follows
	// the model with personaedit.Model.OnChange, not the workspace's events.
	Make func(c tabContext, m *personaedit.Model) fyne.CanvasObject
}

// editorTabs are the persona editor's tabs, in order.
func editorTabs() []EditorTab {
	return []EditorTab{
		{Title: TabPersona, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject { return NewPersonaTab(m) }},
		{Title: TabRules, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject {
			return NewRulesTab(m, c.views, c.prefs, c.ask)
		}},
		{Title: PreviewTitle, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject {
			return NewPreviewTab(c.preview(), c.tabDeps, m)
		}},
		{Title: ProblemsTitle, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject {
			return NewLintView(c.preview(), c.tabDeps, m)
		}},
		{Title: TabFile, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject { return NewFileTab(m) }},
		{Title: TabSource, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject { return NewSourceTab(m) }},
		{Title: TabSimple, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject { return NewSimpleTab(m) }},
		{Title: TabHistory, Make: func(c tabContext, m *personaedit.Model) fyne.CanvasObject {
			return NewHistoryTab(c.dirs.ReviewLog(), c.prefs, c.tasks, c.ws, m)
		}},
	}
}

// menuExtensions change the main menu after the built-in menus are in place, in order, every
// time it is assembled (at start and on Shell.RefreshMenu). Items with a Shortcut also get it
// on the window's canvas.
func menuExtensions() []func(*Shell, *fyne.MainMenu) {
	return []func(*Shell, *fyne.MainMenu){agentKeysMenu}
}

// RuleNote is a remark on one row of the rules table (a lint finding, say), shown under the
// row with an optional one-click fix.
type RuleNote struct {
	Row   int    // 0-based row of the draft's rules
	Text  string // one sentence
	Fix   string // the fix button's label, "" for none
	Apply func() // runs the fix; it edits the model (m.DeleteRule after m.SelectRule, ...)
}

// ruleNotes are the notes of m's rules by row, from the lint problems ps of a draft of m
// (lintDraft, which the Rules tab runs on the view worker: see RulesTab.updateNotes); fix
// says whether m's rows may be edited by a fix (fixable, read on the UI goroutine).
func ruleNotes(ask asker, m *personaedit.Model, ps []preview.Problem, fix bool) map[int][]RuleNote {
	out := map[int][]RuleNote{}
	for _, n := range lintNotes(ask, m, ps, fix) {
		out[n.Row] = append(out[n.Row], n)
	}
	return out
}

// logScreenOf is the Log screen over the log file at path, in s's window.
func logScreenOf(s *Shell, path string) *LogView {
	return NewLogView(path, s.App().Preferences(), s.tasks, makeRuleOf(s))
}

// keysScreenOf is the Keys screen over m in s's window.
func keysScreenOf(s *Shell, m *keysedit.Model) *KeysScreen {
	return NewKeysScreen(m, s.win, s.App().Preferences(), s.menu, s.RefreshMenu)
}

// matrixScreenOf is the Matrix screen of s's window, sharing st with the previews.
func matrixScreenOf(s *Shell, st *previewState) *MatrixScreen {
	return NewMatrixScreen(st, s.ws, s.views, s.App().Preferences(), func() bool { return s.tabs.showing(MatrixTitle) }, s.SearchText)
}

// simulatorScreenOf is the Simulator screen of s's window, sharing st with the previews.
func simulatorScreenOf(s *Shell, st *previewState) *SimulatorScreen {
	return NewSimulatorScreen(st, simulatorDeps{ws: s.ws, views: s.views, prefs: s.App().Preferences(), dirs: &s.dirs, ask: s.ask,
		revealRule: s.RevealRule, addExample: proposedEditsOf(s).addExample})
}

// editorDepsOf are what the persona editor of s's window uses of it.
func editorDepsOf(s *Shell) editorDeps {
	return editorDeps{ws: s.ws, dirs: &s.dirs, win: s.win, tasks: s.tasks, ask: s.ask, load: s.load, edit: s.edit, files: s.files,
		replayEdits: func() bool { return s.replayEdits },
		tabs:        tabContext{tabDeps: tabDepsOf(s), tasks: s.tasks, preview: func() *previewState { return previewStateOf(s) }}}
}

// proposedEditsOf make the edits other screens of s's window propose in its persona editor.
func proposedEditsOf(s *Shell) *proposedEdits {
	return &proposedEdits{ws: s.ws, ask: s.ask, notice: s.notice, edit: s.edit, load: s.load, showScreen: s.ShowScreen, revealRule: s.RevealRule,
		showTab: func(title string) {
			if v := s.screen.View(); v != nil {
				v.ShowTab(title)
			}
		}}
}

// makeRuleOf is the Make a rule… dialog of s's window: it offers a proposal from the review
// log as a rule of its persona.
func makeRuleOf(s *Shell) func(logfeed.Proposal) {
	mr := &makeRuleDialog{ws: s.ws, win: s.win, home: s.dirs.Home, ask: s.ask, add: proposedEditsOf(s).addRule}
	return mr.show
}
