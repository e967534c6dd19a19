package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/gui/internal/fixture"
	"github.com/agentmgr/agentmgr/locations"
)

// copyTestdata copies testdata/name into a temporary folder that tests may write into.
func copyTestdata(t *testing.T, name string) string { return fixture.Copy(t, name) }

// fixtureDirs copies testdata/agentdir and returns Dirs with the copy as the agent dir and no
// project.
func fixtureDirs(t *testing.T) locations.Dirs { return fixture.Dirs(t) }

// uiQueue stands in for fyne.Do: background work queues its UI half here, and the test runs
// it on the test goroutine, so that nothing touches widgets from two goroutines.
type uiQueue chan func()

// newTestShell builds a shell on the test driver over dirs with the Personas screen and
// screens, sized like the real window. Its
// fyne.Do runs the function at once, on whatever goroutine asks: for tests that start no
// background work, or that replace s.do themselves.
func newTestShell(t *testing.T, dirs locations.Dirs, screens ...Screen) *Shell {
	t.Helper()
	a := test.NewTempApp(t)
	// The Log screen and the History tab read the log at once instead of following it from
	// another goroutine, which would race with the test driving the UI from this one.
	a.Preferences().SetBool(logFollowKey, false)
	s := NewShell(a, dirs, screens...)
	s.tasks.do = func(f func()) { f() }
	s.tasks.spawn = func(f func()) { f() } // no goroutine outlives the test
	s.Window().Resize(fyne.NewSize(1180, 760))
	s.Window().Show()
	t.Cleanup(func() {
		s.Close()
		// The test driver panics when a window is closed twice.
		for _, w := range a.Driver().AllWindows() {
			if w == s.Window() {
				w.Close()
			}
		}
	})
	return s
}

// newQueuedShell is newTestShell with fyne.Do queueing on q, for tests of reloads and
// watching: the test runs the queue with settle or waitUI.
func newQueuedShell(t *testing.T, dirs locations.Dirs, screens ...Screen) (*Shell, uiQueue) {
	t.Helper()
	s := newTestShell(t, dirs, screens...)
	q := make(uiQueue, 64)
	s.tasks.do = func(f func()) { q <- f }
	s.tasks.spawn = s.tasks.goTracked
	return s, q
}

// settle runs queued UI work until every reload the shell started has been applied.
func settle(t *testing.T, s *Shell, q uiQueue) {
	t.Helper()
	deadline := time.After(time.Minute) // only a hang: a loaded machine must not fail the test
	for s.load.inflight > 0 {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatalf("%d reloads still pending after a minute", s.load.inflight)
		}
	}
}

// waitUI runs queued UI work until cond holds.
func waitUI(t *testing.T, q uiQueue, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// findFirst is the first widget of type T under o, depth first, that matches, or T's
// zero value (nil) when there is none.
func findFirst[T fyne.CanvasObject](o fyne.CanvasObject, is func(T) bool) T {
	var found T
	done := false
	walk(o, func(o fyne.CanvasObject) {
		if w, ok := o.(T); ok && !done && is(w) {
			found, done = w, true
		}
	})
	return found
}

// findButton finds the button labelled text under o, or nil.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	return findFirst(o, func(b *widget.Button) bool { return b.Text == text })
}

// hasLabel reports whether a label under o contains text.
func hasLabel(o fyne.CanvasObject, text string) bool {
	found := false
	walk(o, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, text) {
			found = true
		}
	})
	return found
}

// walk visits o and everything it shows, widgets through their renderers.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch v := o.(type) {
	case *fyne.Container:
		for _, c := range v.Objects {
			walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walk(c, f)
		}
	}
}

// topDialog is the newest overlay of the window (a dialog), or nil.
func topDialog(s *Shell) fyne.CanvasObject {
	return s.Window().Canvas().Overlays().Top()
}

// findEntry finds the entry under o whose placeholder is placeholder, a plain one or a
// dialog's (dialogEntry), or nil.
func findEntry(o fyne.CanvasObject, placeholder string) *widget.Entry {
	if e := findFirst(o, func(e *widget.Entry) bool { return e.PlaceHolder == placeholder }); e != nil {
		return e
	}
	if e := findFirst(o, func(e *dialogEntry) bool { return e.PlaceHolder == placeholder }); e != nil {
		return &e.Entry
	}
	return nil
}

// writeFile writes text to path (making its folder) or fails the test.
func writeFile(t *testing.T, path, text string) { t.Helper(); fixture.WriteFile(t, path, text) }

// screenOf builds (if needed) and returns the screen titled title of s's window.
func screenOf[T any](t testing.TB, s *Shell, title string) T {
	t.Helper()
	v, ok := s.ScreenContent(title).(T)
	if !ok {
		t.Fatalf("the window has no %s screen of type %T", title, v)
	}
	return v
}
