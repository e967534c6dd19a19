package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ChoiceEntry is a text field with a list of choices, like widget.SelectEntry, whose list
// opens from an arrow the mouse clicks or from the Down key, never from a button Tab stops on.
// SelectEntry's arrow is a button: Tab from the field stopped on it, and the next typed
// words went to the button (a space opened the list, the letters were lost) instead of the
// next field.
type ChoiceEntry struct {
	widget.SelectEntry
	choices []string
	menu    *widget.PopUpMenu
	// onFocus is called when the field gains focus: a rules row's key shows its row.
	onFocus focusHook
}

// NewChoiceEntry makes a field offering choices.
func NewChoiceEntry(choices []string) *ChoiceEntry {
	e := &ChoiceEntry{}
	e.ActionItem = newDropArrow(e.ShowChoices)
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.SetOptions(choices)
	return e
}

// SetOptions replaces the choices the list offers.
func (e *ChoiceEntry) SetOptions(choices []string) {
	e.choices = choices
	e.SelectEntry.SetOptions(choices)
}

// Options are the choices the list offers.
func (e *ChoiceEntry) Options() []string { return e.choices }

// ShowChoices opens the list under the field; the list takes the keyboard (arrows, Enter,
// Escape), and a choice is put into the field.
func (e *ChoiceEntry) ShowChoices() {
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	if c == nil || e.Disabled() || len(e.choices) == 0 {
		return
	}
	items := make([]*fyne.MenuItem, len(e.choices))
	for i, choice := range e.choices {
		items[i] = fyne.NewMenuItem(choice, func() { e.SetText(choice) })
	}
	e.menu = widget.NewPopUpMenu(fyne.NewMenu("", items...), c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(e)
	e.menu.ShowAtPosition(pos.Add(fyne.NewPos(0, e.Size().Height)))
	e.menu.Resize(fyne.NewSize(e.Size().Width, e.menu.MinSize().Height))
}

// FocusGained calls onFocus after the field took the focus.
func (e *ChoiceEntry) FocusGained() {
	e.SelectEntry.FocusGained()
	e.onFocus.call()
}

// TypedKey opens the list on Down; other keys edit as in any field.
func (e *ChoiceEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyDown {
		e.ShowChoices()
		return
	}
	e.SelectEntry.TypedKey(k)
}

// dropArrow is the arrow at the end of a ChoiceEntry: it opens the list on a click, and is not
// focusable, so that Tab goes from the field straight to the next one.
type dropArrow struct {
	widget.DisableableWidget
	open func()
}

func newDropArrow(open func()) *dropArrow {
	a := &dropArrow{open: open}
	a.ExtendBaseWidget(a)
	return a
}

// Tapped opens the list.
func (a *dropArrow) Tapped(*fyne.PointEvent) {
	if !a.Disabled() {
		a.open()
	}
}

// Cursor is the pointer, as over a button.
func (a *dropArrow) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer shows the arrow.
func (a *dropArrow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(widget.NewIcon(theme.MenuDropDownIcon()))
}
