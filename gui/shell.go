package gui

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// AppID is the application id: the preferences folder and the desktop entry are named after it.
const AppID = "io.github.agentmgr"

// AppName is the name in the window title.
const AppName = "agentmgr"

// Shell is the app's frame: the fyne.App and its window, the folders personas come from, the
// loaded catalog, the selected and the active persona, and the persona open in the editor.
// Screens and editor tabs get the Shell and read what they show from it.
//
// Every method must be called on the UI goroutine (inside fyne.Do from any other goroutine);
// listeners added with OnChange are called there too.
type Shell struct {
	app  fyne.App
	win  fyne.Window
	dirs locations.Dirs

	// do runs f on the UI goroutine. It is fyne.Do in the app; tests replace it to run the
	// background half of a reload in step.
	do func(f func())
	// spawn runs f off the UI goroutine (see background); tests whose do runs work at once
	// replace it to run f at once too, so that no goroutine outlives them.
	spawn func(f func())
	// bg counts the work background started that has not returned.
	bg sync.WaitGroup
	// openURL hands a URL to the desktop (App.OpenURL); tests replace it to see what was opened.
	openURL func(*url.URL) error

	catalog  *personas.Catalog
	guards   []engine.Ruleset // the guards files' rules, read with the catalog
	selected string           // key of the selected list item: a persona name or a broken file's path
	active   string
	yolo     bool
	// activeMissing is the state's active name when the catalog has no such persona (pi
	// then runs active, the default); notedMissing is the notice last shown about it.
	activeMissing, notedMissing string
	editor                      *personaedit.Model // the persona open in the editor, nil when none

	// saves counts saves: a reload that started before the last save read the files before
	// it, and is not trusted to tell whether the open file changed.
	saves int
	// savedPath is the file saved last, until the next edit: the editor says "Saved".
	savedPath string
	// inflight counts reloads whose result has not been applied yet (tests wait for them).
	inflight int

	// events tells the screens which part of the workspace changed (see OnChange, Subscribe).
	events workspace.Events
	// views computes the Matrix, Preview and Problems views off the UI goroutine.
	views   *workspace.Views
	watcher *watcher

	frame     *fyne.Container // the toolbar over the screens: the window's content, uncapped
	screen    *PersonasScreen
	toolbar   *Toolbar
	notice    *noticeBar
	tabs      screenTabs
	preview   *previewState   // what the Preview tabs, Matrix and Simulator share; made on first use
	shortcuts []fyne.Shortcut // menu shortcuts registered on the canvas
	// menuListeners run after RefreshMenu set the new menu (the Keys screen names the menu
	// items its keys open).
	menuListeners []func()
	// replayEdits is set by ReplayWhileEditing: editors replay the review log as they change.
	replayEdits bool
}

// NewShell loads the catalog and the state from dirs and makes the main window of a, with the
// Personas screen and then screens (the app passes Screens(); a test only what it looks at).
// The window is not shown: call Window().ShowAndRun. The catalog is read here, before the first
// frame, so that the window never opens empty.
func NewShell(a fyne.App, dirs locations.Dirs, screens ...Screen) *Shell {
	s := &Shell{app: a, dirs: dirs, do: fyne.Do, openURL: a.OpenURL}
	s.spawn = s.goTracked
	// Through the fields, which tests replace after NewShell to run views in step.
	s.views = workspace.NewViews(func(f func()) { s.spawn(f) }, func(f func()) { s.do(f) })
	snap := loadSnapshot(dirs, "")
	s.catalog, s.guards = snap.catalog, snap.guards
	s.followState(snap.state)
	s.selected = s.active
	s.editor = s.open(s.selected, nil)
	s.win = a.NewWindow(AppName)
	if _, ours := a.Settings().Theme().(focusTheme); !ours {
		UseFocusTheme(a)
	}
	s.buildWindow(screens)
	return s
}

// App is the Fyne application; its Preferences are the place for settings.
func (s *Shell) App() fyne.App { return s.app }

// Window is the main window.
func (s *Shell) Window() fyne.Window { return s.win }

// Dirs are the folders personas are read from.
func (s *Shell) Dirs() locations.Dirs { return s.dirs }

// projectDir is the folder the app treats as the agent's working directory for what-if checks:
// the project holding the .pi folder, else the app's own working directory.
func (s *Shell) projectDir() string {
	if s.dirs.Project != "" {
		return filepath.Dir(s.dirs.Project)
	}
	wd, _ := os.Getwd()
	return wd
}

// Catalog is the catalog as last loaded. It is replaced, never changed, on reload: keep the
// pointer only as long as one update.
func (s *Shell) Catalog() *personas.Catalog { return s.catalog }

// Active is the name of the active persona: the agent pi runs.
func (s *Shell) Active() string { return s.active }

// Yolo reports whether the state file has yolo on (every ask becomes allow).
func (s *Shell) Yolo() bool { return s.yolo }

// Selected is the key of the item selected in the persona list: a persona's name, or the path
// of a file that failed to load. "" when nothing is selected.
func (s *Shell) Selected() string { return s.selected }

// SelectedPersona is the selected persona as edited (unsaved edits included), or nil when the
// selection is a broken file or nothing.
func (s *Shell) SelectedPersona() *personas.Persona {
	if s.editor == nil {
		return nil
	}
	return s.editor.Persona()
}

// Editor is the model of the persona open in the editor, or nil.
func (s *Shell) Editor() *personaedit.Model { return s.editor }

// EditedPersona returns persona name as the editor holds it when it has unsaved edits, else as
// loaded; nil when the catalog has no such persona.
func (s *Shell) EditedPersona(name string) *personas.Persona {
	if e := s.editor; e != nil && e.Dirty() && e.Original().Name == name {
		return e.Persona()
	}
	p, ok := s.catalog.Lookup(name)
	if !ok {
		return nil
	}
	return p
}

// SearchText is what the toolbar's search field holds: it filters the persona list and the
// Matrix's rows.
func (s *Shell) SearchText() string {
	if s.toolbar == nil {
		return ""
	}
	return s.toolbar.Search.Text
}

// OnChange adds a listener called after any change of the catalog, the active persona, the
// selection or the open persona's edits; the returned function removes it. A screen that
// follows only some of these subscribes to them with Subscribe.
func (s *Shell) OnChange(f func()) (unsubscribe func()) {
	return s.events.Subscribe(workspace.Everything, func(workspace.Change) { f() })
}

// Subscribe calls f after every change that includes one of parts (a workspace.Change: the
// catalog, the active agent, the selection, the draft), until the returned function is called.
func (s *Shell) Subscribe(parts workspace.Change, f func(workspace.Change)) (unsubscribe func()) {
	return s.events.Subscribe(parts, f)
}

// changed tells the subscribers of the parts c that changed.
func (s *Shell) changed(c workspace.Change) { s.events.Publish(c) }

// SelectPersona selects the list item key (a persona name or a broken file's path) and opens it
// in the editor. With unsaved edits it first asks to save, discard or cancel; cancel keeps the
// current selection.
func (s *Shell) SelectPersona(key string) {
	if key == s.selected && s.editor != nil {
		return
	}
	s.leaveEditor(func() {
		s.selected = key
		s.editor = s.open(key, nil)
		s.changed(workspace.SelectionChanged)
	})
}

// open makes the editor model for key. When snap read the persona's file, its bytes are used
// instead of reading the file again.
func (s *Shell) open(key string, snap *snapshot) *personaedit.Model {
	if snap != nil {
		if p, ok := s.catalog.Lookup(key); ok && p.Path == snap.path && snap.exists && strings.HasSuffix(p.Path, ".md") && p.Scope != personas.ScopeBuiltin {
			if m, _ := personaedit.NewFileModel(p.Path, snap.data, p.Scope, s.catalog); m != nil {
				return s.watchModel(m)
			}
		}
	}
	m := personaedit.OpenEditor(s.catalog, key)
	if m == nil {
		return nil
	}
	return s.watchModel(m)
}

// watchModel forwards the model's changes to the shell's listeners.
func (s *Shell) watchModel(m *personaedit.Model) *personaedit.Model {
	m.OnChange(func() {
		if s.editor == m {
			s.changed(workspace.DraftChanged)
		}
	})
	return m
}

// SetActive makes name the active persona (the agent pi runs), writes it to the state file, and
// updates the title and the list.
func (s *Shell) SetActive(name string) error {
	p, ok := s.catalog.Lookup(name)
	if !ok {
		return errNoPersona(name)
	}
	// Read the state again just before writing: another program (pi, the CLI) may have changed
	// its other keys since the app read it.
	st, probs := personas.LoadState(s.dirs)
	if personas.HasError(probs) {
		st = personas.DefaultState()
	}
	st.Active = p.Name
	if err := personas.SaveState(s.dirs, st); err != nil {
		return err
	}
	s.followState(st)
	s.updateTitle()
	s.changed(workspace.ActiveChanged)
	return nil
}

// followState takes the active persona and yolo from the state. An active name the catalog
// does not have falls back to the default agent, as pi does.
func (s *Shell) followState(st personas.State) {
	s.yolo = st.Yolo
	s.active = builtin.Default
	p, _ := personas.ActivePersona(s.catalog, st)
	if p != nil {
		s.active = p.Name
	}
	// The state may name a persona the catalog lacks (its file fails to load, or is gone):
	// pi then runs the default, and the app says so rather than quietly showing the default.
	s.activeMissing = ""
	if name := strings.TrimSpace(st.Active); name != "" && (p == nil || !strings.EqualFold(p.Name, name)) {
		s.activeMissing = name
	}
}

// missingActiveText says that the state names a persona pi cannot run, "" when it does not.
func (s *Shell) missingActiveText() string {
	if s.activeMissing == "" {
		return ""
	}
	why := "there is no such persona"
	for _, p := range s.catalog.Problems() {
		if p.Severity == personas.Error && strings.EqualFold(strings.TrimSuffix(filepath.Base(p.File), ".md"), s.activeMissing) {
			why = "its file does not load (" + filepath.Base(p.File) + ")"
			break
		}
	}
	return "The active agent is set to " + s.activeMissing + ", but " + why + ": pi runs " + s.active + " instead."
}

// title is the window title: the app name and the active persona.
func (s *Shell) title() string {
	label := s.active
	if p, ok := s.catalog.Lookup(s.active); ok {
		label = p.Label()
	}
	t := AppName + " — " + label
	if s.activeMissing != "" {
		t += " (" + s.activeMissing + " does not load)"
	}
	if s.yolo {
		t += " — YOLO"
	}
	return t
}

func (s *Shell) updateTitle() {
	if s.win != nil {
		s.win.SetTitle(s.title())
	}
	if text := s.missingActiveText(); text != "" && text != s.notedMissing && s.notice != nil {
		s.notify(text, "", nil)
	}
	s.notedMissing = s.missingActiveText()
}

// sourceBases are the folders rule sources are shown relative to: the agent dir
// (agents/reviewer.md:12) and the project that holds the .pi folder (.pi/agents/x.md:3).
func (s *Shell) sourceBases() []string {
	bases := []string{s.dirs.Agent}
	if s.dirs.Project != "" {
		bases = append(bases, filepath.Dir(s.dirs.Project))
	}
	return bases
}
