package workspace

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// Workspace is the state the app's screens share, without widgets: the loaded catalog (with
// the guards files read with it), the active agent and yolo from the state file, the
// selected list item, the persona open in the editor (its draft), and what the editor says
// about the last save. Screens read it and subscribe to its typed events; the shell changes
// it and publishes what changed, once per change however many parts it touched.
//
// It is not safe for concurrent use: the app uses it on its UI goroutine only. The catalog
// and the draft's persona are replaced, never changed, so a view worker may read those it was
// handed.
type Workspace struct {
	events Events

	catalog *personas.Catalog
	guards  []engine.Ruleset
	marks   map[string]string // by file: what pi-agent-manager 0.18.1 does with it
	active  string
	yolo    bool
	// missing is the state's active name when the catalog has no such persona (pi then runs
	// the default).
	missing  string
	selected string
	draft    *personaedit.Model

	// saves counts saves: a reload that started before the last save read the files before
	// it, and is not trusted to tell whether the open file changed.
	saves int
	// savedPath is the file saved last, until the next edit: the editor says "Saved".
	savedPath string
	closed    bool
}

// New makes a workspace over catalog c (with the guards read with it) and the state st, with
// nothing selected.
func New(c *personas.Catalog, guards []engine.Ruleset, st personas.State) *Workspace {
	w := &Workspace{}
	w.SetCatalog(c, guards)
	w.FollowState(st)
	return w
}

// Catalog is the catalog as last loaded.
func (w *Workspace) Catalog() *personas.Catalog { return w.catalog }

// Guards are the rules of each guards file, read with the catalog.
func (w *Workspace) Guards() []engine.Ruleset { return w.guards }

// SetMarks installs, for the catalog just set, what pi-agent-manager 0.18.1 does with each
// persona file ("AM skips"), by path; read off the UI goroutine with the catalog.
func (w *Workspace) SetMarks(marks map[string]string) { w.marks = marks }

// Mark is what pi-agent-manager 0.18.1 does with the file at path ("" for nothing of note).
func (w *Workspace) Mark(path string) string { return w.marks[path] }

// Active is the name of the active persona: the agent pi runs.
func (w *Workspace) Active() string { return w.active }

// Yolo reports whether the state file has yolo on.
func (w *Workspace) Yolo() bool { return w.yolo }

// MissingActive is the state's active name when the catalog cannot run it, else "".
func (w *Workspace) MissingActive() string { return w.missing }

// Selected is the key of the selected list item: a persona name or a broken file's path.
func (w *Workspace) Selected() string { return w.selected }

// Draft is the model of the persona open in the editor, nil when none.
func (w *Workspace) Draft() *personaedit.Model { return w.draft }

// Saves counts the saves made.
func (w *Workspace) Saves() int { return w.saves }

// SavedPath is the file saved last, until the next edit ("" then).
func (w *Workspace) SavedPath() string { return w.savedPath }

// Saved notes a save of path.
func (w *Workspace) Saved(path string) { w.saves++; w.savedPath = path }

// NoteWrite counts a change of the files made by the app itself (create, rename, delete),
// which a reload that started before it must not be trusted with; it returns the new count.
func (w *Workspace) NoteWrite() int { w.saves++; return w.saves }

// Edited forgets the last save: the draft changed since.
func (w *Workspace) Edited() { w.savedPath = "" }

// SetCatalog installs a newly read catalog and the guards read with it, keeping the selection
// on the same thing (a broken file that was fixed becomes its persona).
func (w *Workspace) SetCatalog(c *personas.Catalog, guards []engine.Ruleset) Change {
	w.catalog, w.guards = c, guards
	if w.selected != "" && c != nil {
		if _, ok := c.Lookup(w.selected); !ok {
			for _, p := range c.Personas() {
				if p.Path != "" && p.Path == w.selected {
					w.selected = p.Name
					return CatalogChanged | SelectionChanged
				}
			}
		}
	}
	return CatalogChanged
}

// FollowState takes the active persona and yolo from the state. An active name the catalog
// does not have falls back to the default agent, as pi does, and is kept as MissingActive.
func (w *Workspace) FollowState(st personas.State) Change {
	before := [3]any{w.active, w.yolo, w.missing}
	w.yolo = st.Yolo
	w.active = builtin.Default
	p, _ := personas.ActivePersona(w.catalog, st)
	if p != nil {
		w.active = p.Name
	}
	w.missing = ""
	if name := strings.TrimSpace(st.Active); name != "" && (p == nil || !strings.EqualFold(p.Name, name)) {
		w.missing = name
	}
	if before == [3]any{w.active, w.yolo, w.missing} {
		return 0
	}
	return ActiveChanged
}

// Activate makes persona name the active agent (the one pi runs): it writes the state file of
// dirs and follows it. The state is read again just before writing, since another program (pi,
// the CLI) may have changed its other keys since it was last read; a state file that does not
// read is replaced by the default state with name active.
func (w *Workspace) Activate(dirs locations.Dirs, name string) error {
	p, ok := w.catalog.Lookup(name)
	if !ok {
		return fmt.Errorf("there is no persona named %q; reload the list or pick another", name)
	}
	st, probs := personas.LoadState(dirs)
	if personas.HasError(probs) {
		st = personas.DefaultState()
	}
	st.Active = p.Name
	if err := personas.SaveState(dirs, st); err != nil {
		return err
	}
	w.FollowState(st)
	return nil
}

// MissingActiveText says that the state names a persona pi cannot run, "" when it does not.
func (w *Workspace) MissingActiveText() string {
	if w.missing == "" {
		return ""
	}
	why := "there is no such persona"
	for _, p := range w.catalog.Problems() {
		if p.Severity == personas.Error && strings.EqualFold(strings.TrimSuffix(filepath.Base(p.File), ".md"), w.missing) {
			why = "its file does not load (" + filepath.Base(p.File) + ")"
			break
		}
	}
	return "The active agent is set to " + w.missing + ", but " + why + ": pi runs " + w.active + " instead."
}

// Select makes key the selected list item with m open in the editor (nil for none). Opening
// the selection's model is part of the selection: it is not a DraftChanged.
func (w *Workspace) Select(key string, m *personaedit.Model) Change {
	w.selected = key
	w.Open(m)
	return SelectionChanged
}

// Open puts m in the editor in place of the draft open now (the same selection, read again).
// Every change of m's draft is published as DraftChanged while m is the one open.
func (w *Workspace) Open(m *personaedit.Model) Change {
	if m == w.draft {
		return 0
	}
	w.draft = m
	if m != nil {
		m.OnChange(func() {
			if w.draft == m {
				w.Publish(DraftChanged)
			}
		})
	}
	return DraftChanged
}

// EditedPersona returns persona name as the editor holds it when it has unsaved edits, else as
// loaded; nil when the catalog has no such persona.
func (w *Workspace) EditedPersona(name string) *personas.Persona {
	if e := w.draft; e != nil && e.Dirty() && e.Original().Name == name {
		return e.Persona()
	}
	if w.catalog == nil {
		return nil
	}
	p, ok := w.catalog.Lookup(name)
	if !ok {
		return nil
	}
	return p
}

// Subscribe calls f after every change that includes one of parts, until the returned
// function is called.
func (w *Workspace) Subscribe(parts Change, f func(Change)) (unsubscribe func()) {
	return w.events.Subscribe(parts, f)
}

// OnChange calls f after any change (the catalog, the active agent, the selection, the draft)
// until the returned function is called: for a screen that shows a little of everything.
func (w *Workspace) OnChange(f func()) (unsubscribe func()) {
	return w.events.Subscribe(Everything, func(Change) { f() })
}

// Publish tells the subscribers that the parts c changed: the shell calls it once after a
// change, with every part the change touched.
func (w *Workspace) Publish(c Change) {
	if c != 0 && !w.closed {
		w.events.Publish(c)
	}
}

// Close ends every subscription: the window is gone, and a result that arrives late (a reload
// read before it closed) reaches no screen.
func (w *Workspace) Close() {
	w.closed = true
	w.events = Events{}
}

// Subscribers counts the subscriptions.
func (w *Workspace) Subscribers() int { return w.events.Subscribers() }

// CatalogEvent says the personas were read again.
type CatalogEvent struct{ Catalog *personas.Catalog }

// ActiveEvent says the active agent or yolo changed.
type ActiveEvent struct {
	Active string
	Yolo   bool
}

// SelectionEvent says another list item was selected; Draft is the model now open (nil for
// none).
type SelectionEvent struct {
	Selected string
	Draft    *personaedit.Model
}

// DraftEvent says the draft open in the editor changed (an edit, or another model opened).
type DraftEvent struct{ Draft *personaedit.Model }

// OnCatalog calls f after every change of the catalog, until the returned function is called.
func (w *Workspace) OnCatalog(f func(CatalogEvent)) (unsubscribe func()) {
	return w.events.Subscribe(CatalogChanged, func(Change) { f(CatalogEvent{Catalog: w.catalog}) })
}

// OnActive calls f after every change of the active agent or yolo, until unsubscribed.
func (w *Workspace) OnActive(f func(ActiveEvent)) (unsubscribe func()) {
	return w.events.Subscribe(ActiveChanged, func(Change) { f(ActiveEvent{Active: w.active, Yolo: w.yolo}) })
}

// OnSelection calls f after every change of the selection, until unsubscribed.
func (w *Workspace) OnSelection(f func(SelectionEvent)) (unsubscribe func()) {
	return w.events.Subscribe(SelectionChanged, func(Change) { f(SelectionEvent{Selected: w.selected, Draft: w.draft}) })
}

// OnDraft calls f after every change of the draft, until unsubscribed.
func (w *Workspace) OnDraft(f func(DraftEvent)) (unsubscribe func()) {
	return w.events.Subscribe(DraftChanged, func(Change) { f(DraftEvent{Draft: w.draft}) })
}
