package workspace

import "sync"

// Views computes what the screens show (the Matrix, a persona's Preview, its problems) off the
// UI goroutine, one computation at a time. Each view has a kind; a snapshot of a kind submitted
// while an older one of that kind waits replaces it, and the result of an older one still
// running when a newer one comes is dropped: a screen only ever applies the view of the newest
// snapshot it asked for.
//
// The worker goroutine runs only while there is work, and is started with spawn; results are
// applied with do (fyne.Do in the app). A test whose spawn and do run f at once computes every
// view in step; one with real goroutines waits for the view it asked for with Wait. Close
// drops what is waiting and applies nothing more, so that no result reaches the widgets of a
// window that is gone.
type Views struct {
	spawn func(func())
	do    func(func())

	mu      sync.Mutex
	seq     uint64            // the newest snapshot submitted, of any kind
	newest  map[string]uint64 // the newest snapshot submitted per kind
	waiting []job             // at most one per kind, in submission order
	busy    bool              // the worker is running
	closed  bool
	done    uint64 // snapshots up to here are applied or dropped, in order of submission
	settled map[uint64]bool
	waiters []waiter
}

type job struct {
	kind    string
	seq     uint64
	compute func() (apply func())
}

type waiter struct {
	seq uint64
	ch  chan struct{}
}

// NewViews makes a view worker that starts goroutines with spawn and applies results with do.
func NewViews(spawn, do func(func())) *Views {
	return &Views{spawn: spawn, do: do, newest: map[string]uint64{}, settled: map[uint64]bool{}}
}

// Submit asks for a view of kind: compute runs off the UI goroutine and returns the function
// that shows its result, which runs on the UI goroutine unless a newer snapshot of kind was
// submitted meanwhile. compute must read only what does not change under it (the catalog, a
// persona as edited: both are replaced, never changed). It returns the snapshot's number.
func (v *Views) Submit(kind string, compute func() (apply func())) uint64 {
	v.mu.Lock()
	if v.closed {
		v.mu.Unlock()
		return 0
	}
	v.seq++
	seq := v.seq
	v.newest[kind] = seq
	for i, j := range v.waiting {
		if j.kind == kind {
			// Superseded before it started: it is settled, never computed.
			v.waiting = append(v.waiting[:i:i], v.waiting[i+1:]...)
			v.settleLocked(j.seq)
			break
		}
	}
	v.waiting = append(v.waiting, job{kind: kind, seq: seq, compute: compute})
	start := !v.busy
	v.busy = true
	v.mu.Unlock()
	if start {
		v.spawn(v.work)
	}
	return seq
}

// work computes waiting views until none is left.
func (v *Views) work() {
	for {
		v.mu.Lock()
		if len(v.waiting) == 0 || v.closed {
			v.busy = false
			v.mu.Unlock()
			return
		}
		j := v.waiting[0]
		v.waiting = v.waiting[1:]
		v.mu.Unlock()
		apply := j.compute()
		v.mu.Lock()
		closed := v.closed
		if closed {
			v.settleLocked(j.seq)
		}
		v.mu.Unlock()
		if !closed {
			v.do(func() { v.apply(j, apply) })
		}
	}
}

// apply shows a computed view on the UI goroutine, unless it was superseded or the views were
// closed since.
func (v *Views) apply(j job, apply func()) {
	v.mu.Lock()
	current := !v.closed && v.newest[j.kind] == j.seq
	v.mu.Unlock()
	if current && apply != nil {
		apply()
	}
	v.mu.Lock()
	v.settleLocked(j.seq)
	v.mu.Unlock()
}

// settleLocked marks snapshot seq applied or dropped, and wakes who waits for it.
func (v *Views) settleLocked(seq uint64) {
	v.settled[seq] = true
	for v.settled[v.done+1] {
		delete(v.settled, v.done+1)
		v.done++
	}
	kept := v.waiters[:0]
	for _, w := range v.waiters {
		if w.seq <= v.done {
			close(w.ch)
		} else {
			kept = append(kept, w)
		}
	}
	v.waiters = kept
}

// Wait returns a channel that is closed once snapshot seq and every one submitted before it
// are applied or dropped (superseded, or the views closed). It is the readiness signal tests
// wait on instead of sleeping.
func (v *Views) Wait(seq uint64) <-chan struct{} {
	v.mu.Lock()
	defer v.mu.Unlock()
	ch := make(chan struct{})
	if seq <= v.done {
		close(ch)
		return ch
	}
	v.waiters = append(v.waiters, waiter{seq: seq, ch: ch})
	return ch
}

// Latest is the newest snapshot submitted, of any kind (0 before the first).
func (v *Views) Latest() uint64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.seq
}

// Close drops the waiting views and applies no result from now on; a computation running
// finishes on its own (its goroutine is the caller's spawn's to wait for). Submit does nothing
// after Close.
func (v *Views) Close() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.closed = true
	for _, j := range v.waiting {
		v.settleLocked(j.seq)
	}
	v.waiting = nil
}

// Newest is the newest snapshot of kind submitted (0 before the first): a screen's tests see
// by it whether a change asked for that view.
func (v *Views) Newest(kind string) uint64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.newest[kind]
}

// Closed reports whether Close was called.
func (v *Views) Closed() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.closed
}
