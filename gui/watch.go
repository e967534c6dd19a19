package gui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/fsnotify/fsnotify"
)

// watchSettle is how long the watcher waits after the last change before reloading: an editor's
// save, or atomicfile.Write's temp file and rename, is a burst of events that is one change.
const watchSettle = 150 * time.Millisecond

// watcher reloads the shell when persona files, the state file or a guards file change on disk.
//
// fsnotify watches folders, not trees, and only folders that exist. A folder the app needs
// that does not exist yet (the agent dir before pi or agentmgr first ran, a persona folder
// deleted and made again) is covered by watching its nearest existing ancestor, its anchor:
// the anchor's event when the folder appears makes the watcher look again and watch the
// folder itself. Without anchors an app started before the agent dir existed never noticed
// anything.
type watcher struct {
	fs   *fsnotify.Watcher
	dirs locations.Dirs
	done chan struct{}

	mu      sync.Mutex
	anchors []string // ancestors watched only because a wanted folder is missing
}

// startWatching watches the persona folders, the state file and both guards files, and
// reloads when they change, also when those folders appear only later.
func (l *loader) startWatching() error {
	if l.watcher != nil {
		return nil
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	w := &watcher{fs: fw, dirs: *l.dirs, done: make(chan struct{})}
	w.rescan()
	l.watcher = w
	go w.run(func() { l.tasks.do(l.reload) })
	return nil
}

// stopWatching stops the watcher.
func (l *loader) stopWatching() {
	if l.watcher != nil {
		close(l.watcher.done)
		l.watcher.fs.Close()
		l.watcher = nil
	}
}

// folders are the folders whose changes matter, whether they exist or not.
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

// rescan watches every wanted folder that exists and, for each that does not, its nearest
// existing ancestor; anchors no longer needed are dropped, so the home folder's own traffic
// is not listened to once the agent dir exists. It runs at start, after each settled burst of
// events and on every Reload, so a watch lost with a deleted folder comes back.
func (w *watcher) rescan() {
	w.mu.Lock()
	defer w.mu.Unlock()
	watched := w.fs.WatchList()
	wanted := w.folders()
	var anchors []string
	for _, f := range wanted {
		target := f
		if !isDir(f) {
			target = existingAncestor(f)
			if target == "" {
				continue
			}
			if !slices.Contains(wanted, target) && !slices.Contains(anchors, target) {
				anchors = append(anchors, target)
			}
		}
		if !slices.Contains(watched, target) {
			// A folder that vanished between the check and the call is no problem: the
			// next event on its parent, or the next Reload, adds it again.
			if w.fs.Add(target) == nil {
				watched = append(watched, target)
			}
		}
	}
	for _, a := range w.anchors {
		if !slices.Contains(anchors, a) && !slices.Contains(wanted, a) {
			_ = w.fs.Remove(a)
		}
	}
	w.anchors = anchors
}

// existingAncestor is the nearest folder above path that exists ("" when none does).
func existingAncestor(path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if isDir(dir) {
			return dir
		}
		if dir == filepath.Dir(dir) {
			return ""
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
			w.rescan()
			reload()
		case <-fire:
			fire = nil
			w.rescan()
			reload()
		}
	}
}

// relevant reports whether an event can change what the app shows: persona files, the legacy
// JSON list, the state file, the guards files (the previews decide with them), agentmgr's and
// pi's trust stores (they decide whether a project's files are used), the folders
// that hold them, and any folder on the way to one of those (it appearing or vanishing makes
// a wanted folder appear or vanish). Backups and editors' swap files are not.
func (w *watcher) relevant(ev fsnotify.Event) bool {
	if ev.Op == fsnotify.Chmod {
		return false
	}
	name := filepath.Base(ev.Name)
	switch {
	case filepath.Ext(name) == ".md", name == filepath.Base(w.dirs.LegacyFile()), name == filepath.Base(w.dirs.StateFile()),
		name == filepath.Base(w.dirs.GlobalGuards()), name == filepath.Base(w.dirs.TrustStore()), name == filepath.Base(w.dirs.PiTrustStore()):
		return true
	case slices.Contains([]string{"agents", "agent-manager"}, name):
		return true
	}
	for _, f := range w.folders() {
		if ev.Name == f || strings.HasPrefix(f, ev.Name+string(os.PathSeparator)) {
			return true
		}
	}
	// atomicfile.Write renames a temp file over the target: the rename's target event is
	// reported under the target's name above; the temp file's own events are noise.
	return false
}
