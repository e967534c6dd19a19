package gui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/workspace"
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

// Reload reads the catalog, the state and the open persona's file again off the UI goroutine,
// then updates the window. Unsaved edits stay; if their file changed on disk, the editor shows
// the conflict.
func (s *Shell) Reload() {
	if st := s.preview; st != nil && st.log != nil {
		st.log.Reload() // the Log screen, once built, has no Reload of its own
	}
	path := ""
	if e := s.ws.Draft(); e != nil && !e.ReadOnly() {
		path = e.Path()
	}
	dirs, saves := s.dirs, s.ws.Saves()
	w := s.watcher
	s.inflight++
	s.background(func() {
		if w != nil {
			// A Reload by hand is also the moment to watch again what appeared or came
			// back since, should an event have been missed.
			w.rescan()
		}
		snap := loadSnapshot(dirs, path)
		s.do(func() {
			s.inflight--
			s.applySnapshot(snap, saves)
		})
	})
}

// background runs f off the UI goroutine (f hands its result back with s.do). Every such
// goroutine is counted, so that a test can wait until none is left (waitBackground) instead
// of leaving one to race with the next test's widgets.
func (s *Shell) background(f func()) { s.spawn(f) }

func (s *Shell) goTracked(f func()) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		f()
	}()
}

// goUntilClose runs f on a goroutine of its own for work that lasts rather than computes one
// result (following the review log, counting down an approval's time): ctx is done once
// Close is called, and Close returns only after f has. f must then return without touching a
// widget. After Close it starts nothing. Unlike background, tests do not run f in step: it
// would never return.
func (s *Shell) goUntilClose(f func(ctx context.Context)) {
	if s.life.Err() != nil {
		return
	}
	s.loops.Add(1)
	go func() {
		defer s.loops.Done()
		f(s.life)
	}()
}

// waitBackground waits until the work background and goUntilClose started has returned.
func (s *Shell) waitBackground() {
	s.bg.Wait()
	s.loops.Wait()
}

// applySnapshot installs what a reload read. saves is the save count when the reload started.
func (s *Shell) applySnapshot(snap *snapshot, saves int) {
	if s.views.Closed() {
		return // the window is gone
	}
	if saves != s.ws.Saves() {
		// A save happened while this reload read the disk: what it read may predate the save.
		s.Reload()
		return
	}
	// A fixed broken file becomes its persona: the selection follows it.
	s.ws.SetCatalog(snap.catalog, snap.guards)
	s.ws.SetMarks(snap.marks)
	s.ws.FollowState(snap.state)
	m := s.ws.Draft()
	switch {
	case m == nil:
		s.ws.Open(s.open(s.ws.Selected(), snap))
	case !m.ReadOnly() && m.Path() == snap.path:
		if m.DiskChanged(snap.data, snap.exists) {
			s.ws.Open(s.open(s.ws.Selected(), snap))
		}
	case !m.Dirty():
		s.ws.Open(s.open(s.ws.Selected(), snap))
	}
	s.updateTitle()
	// A reload may change any part: the catalog, the state file's active agent, the selection
	// (a fixed broken file becomes its persona) and the open draft (reopened from disk).
	s.ws.Publish(workspace.Everything)
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
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(list)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(list); i = int(next.Add(1) - 1) {
				if data, err := os.ReadFile(list[i].Path); err == nil {
					marks[i] = compat.ViewOf(list[i], data, nil).ShortMark()
				}
			}
		}()
	}
	wg.Wait()
	out := make(map[string]string, len(list))
	for i, p := range list {
		out[p.Path] = marks[i]
	}
	return out
}
