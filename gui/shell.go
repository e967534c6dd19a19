package gui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
)

// AppID is the application id: the preferences folder and the desktop entry are named after it.
const AppID = "io.github.agentmgr"

// AppName is the name in the window title.
const AppName = "agentmgr"

// Shell is the app's frame, and only wires it: it builds the window, its main menu, the tabs
// of its screens and the keyboard shortcuts, and hands each screen, dialog and command what it
// needs: the workspace (gui/workspace: the catalog, the selection, the active agent, the
// draft and their events), the window, and the few commands it calls, each passed in. A
// screen keeps its state on its own type (see CONTRIBUTING.md, "Adding a screen"), and a test
// holds Shell's methods under a ceiling that only goes down (shell_ceiling_test.go).
//
// Every method must be called on the UI goroutine (inside fyne.Do from any other goroutine);
// the workspace's listeners are called there too.
type Shell struct {
	app  fyne.App
	win  fyne.Window
	dirs locations.Dirs

	// tasks runs work off the UI goroutine and hands its results back to it.
	tasks *tasks
	// ask puts questions and errors over the window.
	ask asker
	// edit acts on the persona open in the editor (save, revert, undo, leave it).
	edit *editorCommands
	// files make, rename, delete and restore persona files.
	files *personaFiles
	// memory keeps the window's size and place for the next start.
	memory windowMemory
	// The dialogs of the File and Agent menus.
	importer  *importDialog
	exporter  *exportDialog
	leastPriv *leastPrivilegeDialog

	// ws is the workspace: the catalog, the active agent, the selection, the draft, with
	// the typed events the screens subscribe to. The shell changes it and publishes.
	ws *workspace.Workspace
	// notedMissing is the notice last shown about an active agent that does not load.
	notedMissing string
	// load reads the disk off the UI goroutine into the workspace, and watches it.
	load *loader

	// views computes the Matrix, Preview and Problems views off the UI goroutine.
	views *workspace.Views

	frame   *fyne.Container // the toolbar over the screens: the window's content, uncapped
	screen  *PersonasScreen
	toolbar *Toolbar
	notice  *noticeBar
	tabs    screenTabs
	preview *previewState // what the Preview tabs, Matrix and Simulator share; made on first use
	// menu is the main menu and its shortcuts on the canvas.
	menu *menuBar
	// replayEdits is set by ReplayWhileEditing: editors replay the review log as they change.
	replayEdits bool
}

// NewShell loads the catalog and the state from dirs and makes the main window of a, with the
// Personas screen and then screens (the app passes Screens(); a test only what it looks at).
// The window is not shown: call Window().ShowAndRun. The catalog is read here, before the first
// frame, so that the window never opens empty.
func NewShell(a fyne.App, dirs locations.Dirs, screens ...Screen) *Shell {
	s := &Shell{app: a, dirs: dirs, tasks: newTasks(fyne.Do)}
	// Through the fields, which tests replace after NewShell to run views in step.
	s.views = workspace.NewViews(func(f func()) { s.tasks.spawn(f) }, func(f func()) { s.tasks.do(f) })
	snap := loadSnapshot(dirs, "")
	s.ws = workspace.New(snap.catalog, snap.guards, snap.state)
	s.ws.SetMarks(snap.marks)
	s.load = &loader{ws: s.ws, dirs: &s.dirs, tasks: s.tasks, views: s.views, applied: s.updateTitle, reading: func() {
		if st := s.preview; st != nil && st.log != nil {
			st.log.Reload()
		}
	}}
	s.ws.Select(s.ws.Active(), s.load.open(s.ws.Active(), nil))
	s.win = a.NewWindow(AppName)
	s.ask = asker{win: s.win}
	s.memory = windowMemory{app: a, win: s.win}
	s.menu = &menuBar{win: s.win}
	s.edit = &editorCommands{ws: s.ws, win: s.win, ask: s.ask, load: s.load, saved: func(m *personaedit.Model) {
		if v := s.screen.View(); v != nil && v.model == m {
			v.refresh()
		}
	}}
	s.notice = newNoticeBar()
	s.files = &personaFiles{ws: s.ws, win: s.win, dirs: &s.dirs, ask: s.ask, edit: s.edit, load: s.load, notice: s.notice, openURL: a.OpenURL}
	s.importer = &importDialog{win: s.win, dirs: &s.dirs, ask: s.ask, edit: s.edit, load: s.load}
	s.exporter = &exportDialog{ws: s.ws, win: s.win, dirs: &s.dirs, ask: s.ask, notice: s.notice}
	s.leastPriv = &leastPrivilegeDialog{ws: s.ws, win: s.win, dirs: &s.dirs, ask: s.ask, tasks: s.tasks, files: s.files}
	applyTheme(a)
	s.buildWindow(screens)
	return s
}

// App is the Fyne application; its Preferences are the place for settings.
func (s *Shell) App() fyne.App { return s.app }

// Window is the main window.
func (s *Shell) Window() fyne.Window { return s.win }

// Dirs are the folders personas are read from.
func (s *Shell) Dirs() locations.Dirs { return s.dirs }

// Reload reads the catalog, the state and the open persona's file again off the UI goroutine,
// then updates the window. Unsaved edits stay; if their file changed on disk, the editor shows
// the conflict.
func (s *Shell) Reload() { s.load.reload() }

// StartWatching watches the persona folders, the state file and both guards files, and reloads
// the window when they change, also when those folders appear only later.
func (s *Shell) StartWatching() error { return s.load.startWatching() }

// StopWatching stops the watcher; the app calls it when the window closes.
func (s *Shell) StopWatching() { s.load.stopWatching() }

// RevealRule opens persona name on its Rules tab with row selected (asking first, as any
// selection does, when the open persona has unsaved edits).
func (s *Shell) RevealRule(name string, row int) {
	s.ShowScreen(PersonasTitle)
	s.SelectPersona(name)
	if s.ws.Draft() == nil || s.ws.Selected() != name {
		return
	}
	s.ws.Draft().SelectRule(row)
	if v := s.screen.View(); v != nil {
		v.ShowTab(TabRules)
	}
}

// projectDirOf is the folder the app treats as the agent's working directory for what-if checks:
// the project holding the .pi folder, else the app's own working directory.
func projectDirOf(d locations.Dirs) string {
	if d.Project != "" {
		return filepath.Dir(d.Project)
	}
	wd, _ := os.Getwd()
	return wd
}

// Workspace is the state the screens share (catalog, active agent, selection, draft) and its
// typed events.
func (s *Shell) Workspace() *workspace.Workspace { return s.ws }

// SearchText is what the toolbar's search field holds: it filters the persona list and the
// Matrix's rows.
func (s *Shell) SearchText() string {
	if s.toolbar == nil {
		return ""
	}
	return s.toolbar.Search.Text
}

// SelectPersona selects the list item key (a persona name or a broken file's path) and opens it
// in the editor. With unsaved edits it first asks to save, discard or cancel; cancel keeps the
// current selection.
func (s *Shell) SelectPersona(key string) {
	if key == s.ws.Selected() && s.ws.Draft() != nil {
		return
	}
	s.edit.leaveEditor(func() { s.ws.Publish(s.ws.Select(key, s.load.open(key, nil))) })
}

// SetActive makes name the active persona (the agent pi runs), writes it to the state file, and
// updates the title and the list.
func (s *Shell) SetActive(name string) error {
	if err := s.ws.Activate(s.dirs, name); err != nil {
		return err
	}
	s.updateTitle()
	s.ws.Publish(workspace.ActiveChanged)
	return nil
}

// windowTitle is the window title: the app name and the active persona.
func windowTitle(ws *workspace.Workspace) string {
	label := ws.Active()
	if p, ok := ws.Catalog().Lookup(ws.Active()); ok {
		label = p.Label()
	}
	t := AppName + " — " + label
	if m := ws.MissingActive(); m != "" {
		t += " (" + m + " does not load)"
	}
	if ws.Yolo() {
		t += " — YOLO"
	}
	return t
}

func (s *Shell) updateTitle() {
	if s.win != nil {
		s.win.SetTitle(windowTitle(s.ws))
	}
	if text := s.ws.MissingActiveText(); text != "" && text != s.notedMissing && s.notice != nil {
		s.notice.show(text, "", nil)
	}
	s.notedMissing = s.ws.MissingActiveText()
}

// sourceBasesOf are the folders rule sources are shown relative to: the agent dir
// (agents/reviewer.md:12) and the project that holds the .pi folder (.pi/agents/x.md:3).
func sourceBasesOf(d locations.Dirs) []string {
	bases := []string{d.Agent}
	if d.Project != "" {
		bases = append(bases, filepath.Dir(d.Project))
	}
	return bases
}
