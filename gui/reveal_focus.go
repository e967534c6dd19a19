package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The rules table's fields tell their row when they gain focus, so the row is scrolled into
// view: Tab moves focus into rows below the view, and Fyne's scroll does not follow the focus
// by itself (a keyboard user typed into a field they could not see). Fyne's Entry keeps its
// focus callback unexported, hence these thin wrappers.

// focusHook is what a field calls when it gains focus, nil for nothing.
type focusHook func()

func (f focusHook) call() {
	if f != nil {
		f()
	}
}

// revealEntry is an Entry that calls onFocus when it gains focus.
type revealEntry struct {
	widget.Entry
	onFocus focusHook
}

func newRevealEntry() *revealEntry {
	e := &revealEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.ExtendBaseWidget(e)
	return e
}

// FocusGained shows the field's row after the Entry took the focus.
func (e *revealEntry) FocusGained() {
	e.Entry.FocusGained()
	e.onFocus.call()
}

// revealSelect is a Select that calls onFocus when it gains focus.
type revealSelect struct {
	widget.Select
	onFocus focusHook
}

func newRevealSelect(options []string, changed func(string)) *revealSelect {
	s := &revealSelect{}
	s.OnChanged, s.Options, s.PlaceHolder = changed, options, "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// FocusGained shows the field's row after the Select took the focus.
func (s *revealSelect) FocusGained() {
	s.Select.FocusGained()
	s.onFocus.call()
}
