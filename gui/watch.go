package gui

import (
	"path/filepath"
	"slices"
	"time"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/fsnotify/fsnotify"
)

// watchSettle is how long the watcher waits after the last change before reloading: an editor's
// save, or atomicfile.Write's temp file and rename, is a burst of events that is one change.
const watchSettle = 150 * time.Millisecond

// watcher reloads the shell when persona files, the state file or a guards file change on disk.
type watcher struct {
	fs   *fsnotify.Watcher
	dirs locations.Dirs
	done chan struct{}
}

// StartWatching watches the persona folders, the state file and both guards files, and reloads the window when
// they change. fsnotify watches folders, not trees: the agent dir and the project's .pi are
// watched too, so that a persona folder or agent-manager/ created later is picked up.
func (s *Shell) StartWatching() error {
	if s.watcher != nil {
		return nil
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	w := &watcher{fs: fw, dirs: s.dirs, done: make(chan struct{})}
	w.addFolders()
	s.watcher = w
	go w.run(func() { s.do(s.Reload) })
	return nil
}

// StopWatching stops the watcher; the app calls it when the window closes.
func (s *Shell) StopWatching() {
	if s.watcher != nil {
		close(s.watcher.done)
		s.watcher.fs.Close()
		s.watcher = nil
	}
}

// folders are the folders whose changes matter, those that exist now.
func (w *watcher) folders() []string {
	d := w.dirs
	var out []string
	for _, f := range []string{d.Agent, d.GlobalAgents(), d.StateDir(), d.Project, d.ProjectAgents(), d.ProjectStateDir()} {
		if f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// addFolders watches every folder that exists and is not watched yet.
func (w *watcher) addFolders() {
	watched := w.fs.WatchList()
	for _, f := range w.folders() {
		if !slices.Contains(watched, f) && isDir(f) {
			// A folder that vanished between the check and the call is no problem: the
			// next event on its parent adds it again.
			_ = w.fs.Add(f)
		}
	}
}

// run turns bursts of events into one reload each.
func (w *watcher) run(reload func()) {
	var timer *time.Timer
	var fire <-chan time.Time
	for {
		select {
		case <-w.done:
			if timer != nil {
				timer.Stop()
			}
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if !w.relevant(ev) {
				continue
			}
			if timer == nil {
				timer = time.NewTimer(watchSettle)
			} else {
				timer.Reset(watchSettle)
			}
			fire = timer.C
		case _, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			// An overflow lost events: reload to be sure nothing was missed.
			reload()
		case <-fire:
			fire = nil
			w.addFolders()
			reload()
		}
	}
}

// relevant reports whether an event can change what the app shows: persona files, the legacy
// JSON list, the state file, the guards files (the previews decide with them), and the folders
// that hold them. Backups and editors' swap files
// are not.
func (w *watcher) relevant(ev fsnotify.Event) bool {
	if ev.Op == fsnotify.Chmod {
		return false
	}
	name := filepath.Base(ev.Name)
	switch {
	case filepath.Ext(name) == ".md", name == filepath.Base(w.dirs.LegacyFile()), name == filepath.Base(w.dirs.StateFile()),
		name == filepath.Base(w.dirs.GlobalGuards()):
		return true
	case slices.Contains(w.folders(), ev.Name), slices.Contains([]string{"agents", "agent-manager"}, name):
		return true
	}
	// atomicfile.Write renames a temp file over the target: the rename's target event is
	// reported under the target's name above; the temp file's own events are noise.
	return false
}
