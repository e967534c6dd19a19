package workspace

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// hang is how long a test waits for a handshake before it calls the wait a hang.
const hang = time.Minute

// ui stands in for the UI goroutine: do queues, the test runs the queue.
type ui chan func()

func (q ui) do(f func()) { q <- f }

// until runs queued UI work until ch is closed.
func (q ui) until(t *testing.T, ch <-chan struct{}) {
	t.Helper()
	deadline := time.After(hang)
	for {
		select {
		case <-ch:
			return
		case f := <-q:
			f()
		case <-deadline:
			t.Fatal("the view never settled")
		}
	}
}

// goroutines starts work on real goroutines and waits for them at the end of the test.
func goroutines(t *testing.T) func(func()) {
	var wg sync.WaitGroup
	t.Cleanup(wg.Wait)
	return func(f func()) {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
}

func TestViewsInStepApplyAtOnce(t *testing.T) {
	now := func(f func()) { f() }
	v := NewViews(now, now)
	var shown []string
	seq := v.Submit("matrix", func() func() { return func() { shown = append(shown, "m1") } })
	if !slices.Equal(shown, []string{"m1"}) {
		t.Fatalf("shown %q; want the view applied before Submit returned", shown)
	}
	select {
	case <-v.Wait(seq):
	default:
		t.Error("Wait of an applied view does not return at once")
	}
}

func TestViewsNewerSnapshotSupersedesARunningOne(t *testing.T) {
	q := make(ui, 8)
	v := NewViews(goroutines(t), q.do)
	started, release := make(chan struct{}), make(chan struct{})
	var shown []string
	v.Submit("matrix", func() func() {
		close(started)
		<-release
		return func() { shown = append(shown, "old") }
	})
	<-started
	newer := v.Submit("matrix", func() func() { return func() { shown = append(shown, "new") } })
	close(release)
	q.until(t, v.Wait(newer))
	if !slices.Equal(shown, []string{"new"}) {
		t.Errorf("shown %q; want only the newer snapshot's view", shown)
	}
}

func TestViewsWaitingSnapshotIsReplacedNotComputed(t *testing.T) {
	q := make(ui, 8)
	v := NewViews(goroutines(t), q.do)
	started, release := make(chan struct{}), make(chan struct{})
	computed := map[string]int{}
	var mu sync.Mutex
	count := func(name string) { mu.Lock(); computed[name]++; mu.Unlock() }
	var shown []string
	v.Submit("lint", func() func() {
		close(started)
		<-release
		count("lint")
		return func() { shown = append(shown, "lint") }
	})
	<-started
	v.Submit("matrix", func() func() { count("m1"); return func() { shown = append(shown, "m1") } })
	last := v.Submit("matrix", func() func() { count("m2"); return func() { shown = append(shown, "m2") } })
	close(release)
	q.until(t, v.Wait(last))
	if computed["m1"] != 0 {
		t.Errorf("the replaced matrix snapshot was computed %d times", computed["m1"])
	}
	if !slices.Equal(shown, []string{"lint", "m2"}) {
		t.Errorf("shown %q; want the lint view (another kind) and the newest matrix", shown)
	}
}

func TestViewsClosedApplyNothing(t *testing.T) {
	q := make(ui, 8)
	v := NewViews(goroutines(t), q.do)
	started, release := make(chan struct{}), make(chan struct{})
	applied := false
	seq := v.Submit("preview", func() func() { close(started); <-release; return func() { applied = true } })
	<-started
	v.Close()
	close(release)
	q.until(t, v.Wait(seq))
	if applied {
		t.Error("a view computed before Close was applied after it")
	}
	if n := v.Submit("preview", func() func() { t.Error("computed after Close"); return nil }); n != 0 {
		t.Errorf("Submit after Close returned snapshot %d; want 0", n)
	}
}

func TestViewsNewestIsPerKind(t *testing.T) {
	now := func(f func()) { f() }
	v := NewViews(now, now)
	if n := v.Newest("matrix"); n != 0 {
		t.Fatalf("Newest before any submission = %d, want 0", n)
	}
	m := v.Submit("matrix", func() func() { return nil })
	p := v.Submit("preview", func() func() { return nil })
	if v.Newest("matrix") != m || v.Newest("preview") != p || m == p {
		t.Errorf("Newest matrix %d preview %d; want %d and %d", v.Newest("matrix"), v.Newest("preview"), m, p)
	}
}
