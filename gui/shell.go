package gui

import (
	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/builtin"
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
	dirs personas.Dirs

	// do runs f on the UI goroutine. It is fyne.Do in the app; tests that drive the shell
	// from one goroutine replace it with a direct call.
	do func(f func())

	catalog  *personas.Catalog
	selected string // key of the selected list item: a persona name or a broken file's path
	active   string
	yolo     bool
	editor   *EditorModel // the persona open in the editor, nil when none

	listeners []func()

	screen    *PersonasScreen
	toolbar   *Toolbar
	tabs      screenTabs
	shortcuts []fyne.Shortcut // menu shortcuts registered on the canvas
}

// NewShell loads the catalog from dirs and makes the main window of a. The window is not shown:
// call ShowAndRun, or Window().Show in tests.
func NewShell(a fyne.App, dirs personas.Dirs) *Shell {
	s := &Shell{app: a, dirs: dirs, do: fyne.Do}
	s.catalog = personas.Load(dirs)
	s.active = s.readActive()
	s.selected = s.active
	s.openSelected()
	s.win = a.NewWindow(AppName)
	s.buildWindow()
	return s
}

// App is the Fyne application; its Preferences are the place for settings.
func (s *Shell) App() fyne.App { return s.app }

// Window is the main window.
func (s *Shell) Window() fyne.Window { return s.win }

// Dirs are the folders personas are read from.
func (s *Shell) Dirs() personas.Dirs { return s.dirs }

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
	if s.editor != nil && s.editor.Persona() != nil {
		return s.editor.Persona()
	}
	return nil
}

// Editor is the model of the persona open in the editor, or nil.
func (s *Shell) Editor() *EditorModel { return s.editor }

// EditedPersona returns persona name as the editor holds it when it has unsaved edits, else as
// loaded; nil when the catalog has no such persona.
func (s *Shell) EditedPersona(name string) *personas.Persona {
	if e := s.editor; e != nil && e.Dirty() && e.Original() != nil && e.Original().Name == name {
		return e.Persona()
	}
	p, ok := s.catalog.Lookup(name)
	if !ok {
		return nil
	}
	return p
}

// OnChange adds a listener called after any change of the catalog, the active persona, the
// selection or the open persona's edits.
func (s *Shell) OnChange(f func()) { s.listeners = append(s.listeners, f) }

func (s *Shell) changed() {
	for _, f := range s.listeners {
		f()
	}
}

// Reload reads the catalog again off the UI goroutine and then updates the window. Unsaved edits
// stay; if their file changed on disk, the editor shows the conflict.
func (s *Shell) Reload() {
	dirs := s.dirs
	go func() {
		c := personas.Load(dirs)
		s.do(func() { s.setCatalog(c) })
	}()
}

// setCatalog installs a freshly loaded catalog and tells everyone.
func (s *Shell) setCatalog(c *personas.Catalog) {
	s.catalog = c
	if s.editor != nil {
		s.editor.catalogReloaded(c)
	}
	if s.editor == nil || !s.editor.Dirty() {
		s.openSelected()
	}
	s.changed()
}

// SelectPersona selects the list item key (a persona name or a broken file's path) and opens it
// in the editor. With unsaved edits it first asks to save, discard or cancel; cancel keeps the
// current selection.
func (s *Shell) SelectPersona(key string) {
	if key == s.selected && s.editor != nil {
		return
	}
	s.leaveEditor(func() {
		s.selected = key
		s.openSelected()
		s.changed()
	})
}

// openSelected opens the selected item in a fresh editor model.
func (s *Shell) openSelected() {
	s.editor = nil
	if s.selected == "" {
		return
	}
	if p, ok := s.catalog.Lookup(s.selected); ok {
		s.editor = NewEditorModel(p, s.catalog)
		s.editor.OnChange(s.changed)
		return
	}
	if probs := fileProblems(s.catalog, s.selected); len(probs) > 0 {
		s.editor = NewBrokenModel(s.selected, probs)
	}
}

// SetActive makes name the active persona (the agent pi runs), writes it to the state file, and
// updates the title and the list.
func (s *Shell) SetActive(name string) error {
	p, ok := s.catalog.Lookup(name)
	if !ok {
		return errNoPersona(name)
	}
	if err := s.writeActive(p.Name); err != nil {
		return err
	}
	s.active = p.Name
	s.updateTitle()
	s.changed()
	return nil
}

// readActive is the active persona from the state file, or the default agent.
func (s *Shell) readActive() string {
	if s.active != "" {
		return s.active
	}
	return builtin.Default
}

// writeActive records name as the active agent.
func (s *Shell) writeActive(name string) error {
	return nil
}

// title is the window title: the app name and the active persona.
func (s *Shell) title() string {
	t := AppName + " — " + s.active
	if p, ok := s.catalog.Lookup(s.active); ok && p.Icon != "" {
		t = AppName + " — " + p.Icon + " " + s.active
	}
	if s.yolo {
		t += " (YOLO)"
	}
	return t
}

func (s *Shell) updateTitle() {
	if s.win != nil {
		s.win.SetTitle(s.title())
	}
}
