package gui

import (
	"context"
	"sync"
)

// tasks runs the window's work off the UI goroutine and hands the results back to it, and
// knows what it started: Close waits for all of it, so that nothing a window started runs
// into the next test's widgets.
type tasks struct {
	// do runs f on the UI goroutine. It is fyne.Do in the app; tests replace it to run the
	// background half of a reload in step.
	do func(f func())
	// spawn runs f off the UI goroutine (see background); tests whose do runs work at once
	// replace it to run f at once too, so that no goroutine outlives them.
	spawn func(f func())
	// bg counts the work background started that has not returned.
	bg sync.WaitGroup
	// life is done once end is called; loops counts the goroutines untilClose started that
	// have not returned, which wait waits for.
	life    context.Context
	endLife context.CancelFunc
	loops   sync.WaitGroup
}

// newTasks hands results to the UI goroutine with do (fyne.Do in the app).
func newTasks(do func(f func())) *tasks {
	t := &tasks{do: do}
	t.spawn = t.goTracked
	t.life, t.endLife = context.WithCancel(context.Background())
	return t
}

// background runs f off the UI goroutine (f hands its result back with do). Every such
// goroutine is counted, so that a test can wait until none is left (wait) instead of leaving
// one to race with the next test's widgets.
func (t *tasks) background(f func()) { t.spawn(f) }

func (t *tasks) goTracked(f func()) {
	t.bg.Add(1)
	go func() {
		defer t.bg.Done()
		f()
	}()
}

// untilClose runs f on a goroutine of its own for work that lasts rather than computes one
// result (following the review log, counting down an approval's time): ctx is done once end
// is called, and wait returns only after f has. f must then return without touching a
// widget. After end it starts nothing. Unlike background, tests do not run f in step: it
// would never return.
func (t *tasks) untilClose(f func(ctx context.Context)) {
	if t.life.Err() != nil {
		return
	}
	t.loops.Add(1)
	go func() {
		defer t.loops.Done()
		f(t.life)
	}()
}

// end makes the context of untilClose's goroutines done.
func (t *tasks) end() { t.endLife() }

// wait waits until the work background and untilClose started has returned.
func (t *tasks) wait() {
	t.bg.Wait()
	t.loops.Wait()
}
