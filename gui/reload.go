package gui

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/internal/parallel"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
)

// snapshot is everything a reload reads from disk, read off the UI goroutine in one go.
type snapshot struct {
	catalog *personas.Catalog
	state   personas.State
	// guards are the rules of each guards file, read with the catalog: the previews decide
	// with them, and never read the disk on the UI goroutine.
	guards []engine.Ruleset
	// marks is what pi-agent-manager 0.18.1 does with each global persona file ("AM skips"),
	// by path: the list shows it, and reading and parsing every file again is no work for the
	// UI goroutine.
	marks map[string]string
	// The open persona's file, read in the same pass so that the editor can tell whether it
	// changed without touching the disk on the UI goroutine.
	path   string
	data   []byte
	exists bool
}

// loadSnapshot reads the catalog, the state and the file at path ("" for none).
func loadSnapshot(dirs locations.Dirs, path string) *snapshot {
	snap := &snapshot{catalog: personas.Load(dirs), path: path}
	snap.state, _ = personas.LoadState(dirs)
	files, _ := policy.AllGuards(dirs)
	for _, f := range files {
		snap.guards = append(snap.guards, f.Rules)
	}
	snap.marks = amMarks(snap.catalog)
	if path != "" {
		data, err := os.ReadFile(path)
		switch {
		case err == nil:
			snap.data, snap.exists = data, true
		case !errors.Is(err, fs.ErrNotExist):
			// Unreadable for now (permissions, a half-made link): no verdict on the file.
			snap.path = ""
		}
	}
	return snap
}

// loader reads what the window shows from disk off the UI goroutine and installs it in the
// workspace: on Reload, after the app wrote a file (reloadThen), and when the watcher sees a
// change. It opens the editor's model of a selection, from the bytes a reload read when it can.
type loader struct {
	ws *workspace.Workspace
	// dirs are the shell's: creating the first project persona gives them a project.
	dirs  *locations.Dirs
	tasks *tasks
	views *workspace.Views
	// watcher reloads on outside changes, once startWatching ran.
	watcher *watcher
	// inflight counts reloads whose result has not been applied yet (tests wait for them).
	inflight int
	// reading runs on the UI goroutine as a Reload starts (the Log screen, once built, reads
	// the log again: it has no Reload of its own).
	reading func()
	// applied runs once what a reload read is installed, before the workspace tells the
	// screens (the window's title follows the active agent).
	applied func()
}

// reload reads the catalog, the state and the open persona's file again off the UI
// goroutine, then updates the workspace. Unsaved edits stay; if their file changed on disk,
// the editor shows the conflict.
func (l *loader) reload() {
	if l.reading != nil {
		l.reading()
	}
	path := ""
	if e := l.ws.Draft(); e != nil && !e.ReadOnly() {
		path = e.Path()
	}
	dirs, saves := *l.dirs, l.ws.Saves()
	w := l.watcher
	l.inflight++
	l.tasks.background(func() {
		if w != nil {
			// A Reload by hand is also the moment to watch again what appeared or came
			// back since, should an event have been missed.
			w.rescan()
		}
		snap := loadSnapshot(dirs, path)
		l.tasks.do(func() {
			l.inflight--
			l.apply(snap, saves)
		})
	})
}

// reloadThen reloads the catalog off the UI goroutine and then runs then on it; used after
// creating, renaming, deleting or restoring a file, to select the result.
func (l *loader) reloadThen(then func()) {
	dirs := *l.dirs
	saves := l.ws.NoteWrite()
	l.inflight++
	l.tasks.background(func() {
		snap := loadSnapshot(dirs, "")
		l.tasks.do(func() {
			l.inflight--
			l.apply(snap, saves)
			then()
		})
	})
}

// apply installs what a reload read. saves is the save count when the reload started.
func (l *loader) apply(snap *snapshot, saves int) {
	if l.views.Closed() {
		return // the window is gone
	}
	if saves != l.ws.Saves() {
		// A save happened while this reload read the disk: what it read may predate the save.
		l.reload()
		return
	}
	// A fixed broken file becomes its persona: the selection follows it.
	l.ws.SetCatalog(snap.catalog, snap.guards)
	l.ws.SetMarks(snap.marks)
	l.ws.FollowState(snap.state)
	m := l.ws.Draft()
	switch {
	case m == nil:
		l.ws.Open(l.open(l.ws.Selected(), snap))
	case !m.ReadOnly() && m.Path() == snap.path:
		if m.DiskChanged(snap.data, snap.exists) {
			l.ws.Open(l.open(l.ws.Selected(), snap))
		}
	case !m.Dirty():
		l.ws.Open(l.open(l.ws.Selected(), snap))
	}
	if l.applied != nil {
		l.applied()
	}
	// A reload may change any part: the catalog, the state file's active agent, the selection
	// (a fixed broken file becomes its persona) and the open draft (reopened from disk).
	l.ws.Publish(workspace.Everything)
}

// open makes the editor model for key. When snap read the persona's file, its bytes are used
// instead of reading the file again.
func (l *loader) open(key string, snap *snapshot) *personaedit.Model {
	c := l.ws.Catalog()
	if snap != nil {
		if p, ok := c.Lookup(key); ok && p.Path == snap.path && snap.exists && strings.HasSuffix(p.Path, ".md") && p.Scope != personas.ScopeBuiltin {
			if m, _ := personaedit.NewFileModel(p.Path, snap.data, p.Scope, c); m != nil {
				return m
			}
		}
	}
	// The workspace forwards the model's changes once it is the one open (Workspace.Open).
	return personaedit.OpenEditor(c, key)
}

// selectNow selects key without asking (the editor was left already) and opens it.
func (l *loader) selectNow(key string) {
	l.ws.Publish(l.ws.Select(key, l.open(key, nil)))
}

// amMarks reads every global persona file of c (the ones pi-agent-manager 0.18.1 reads) and
// says what that program does with each, on all CPUs: one read and parse a file.
func amMarks(c *personas.Catalog) map[string]string {
	var list []*personas.Persona
	for _, p := range c.Personas() {
		if p.Scope == personas.ScopeGlobal && p.Path != "" {
			list = append(list, p)
		}
	}
	marks := make([]string, len(list))
	parallel.For(len(list), func(i int) {
		if data, err := os.ReadFile(list[i].Path); err == nil {
			marks[i] = compat.ViewOf(list[i], data, nil).ShortMark()
		}
	})
	out := make(map[string]string, len(list))
	for i, p := range list {
		out[p.Path] = marks[i]
	}
	return out
}
