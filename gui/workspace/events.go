// Package workspace is what the app's screens share, without widgets: typed events that say
// which part of the workspace changed (the loaded catalog, the active agent, the selection,
// the open persona's draft), with subscriptions a screen can end. A screen that follows only
// the catalog is not called on every keystroke in the editor, and one that goes away
// unsubscribes instead of being called for ever.
package workspace

// Change is a set of the parts of the workspace that changed.
type Change uint8

// The parts of the workspace.
const (
	// CatalogChanged: the personas were read again (a reload, a save, an outside change).
	CatalogChanged Change = 1 << iota
	// ActiveChanged: the active agent or yolo changed (the state file).
	ActiveChanged
	// SelectionChanged: another persona (or broken file) was opened in the editor.
	SelectionChanged
	// DraftChanged: the open persona's unsaved edits changed (a keystroke, a rule edit).
	DraftChanged

	// Everything is every part: a subscriber that follows all of them.
	Everything = CatalogChanged | ActiveChanged | SelectionChanged | DraftChanged
)

// Has reports whether c includes any part of parts.
func (c Change) Has(parts Change) bool { return c&parts != 0 }

// String names the parts, for messages and tests.
func (c Change) String() string {
	names := []string{"catalog", "active", "selection", "draft"}
	s := ""
	for i, n := range names {
		if c&(1<<i) != 0 {
			if s != "" {
				s += "+"
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// Events delivers changes to subscribers, in the order they subscribed. It is not safe for
// concurrent use: the app publishes and subscribes on its UI goroutine only.
type Events struct {
	subs []subscriber
	next int
}

type subscriber struct {
	id    int
	parts Change
	f     func(Change)
}

// Subscribe calls f with every change that includes one of parts, until the returned function
// is called. Unsubscribing twice, or from inside f, is fine.
func (e *Events) Subscribe(parts Change, f func(Change)) (unsubscribe func()) {
	e.next++
	id := e.next
	e.subs = append(e.subs, subscriber{id: id, parts: parts, f: f})
	return func() {
		for i, s := range e.subs {
			if s.id == id {
				e.subs = append(e.subs[:i:i], e.subs[i+1:]...)
				return
			}
		}
	}
}

// Publish tells the subscribers of any part of c. A subscriber added by another subscriber
// hears from the next change on; one removed meanwhile is not called.
func (e *Events) Publish(c Change) {
	subs := e.subs
	for _, s := range subs {
		if s.parts.Has(c) && e.subscribed(s.id) {
			s.f(c)
		}
	}
}

func (e *Events) subscribed(id int) bool {
	for _, s := range e.subs {
		if s.id == id {
			return true
		}
	}
	return false
}

// Subscribers counts the subscriptions: a screen's test can check that it unsubscribed.
func (e *Events) Subscribers() int { return len(e.subs) }
