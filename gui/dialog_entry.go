package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// dialogEntry is a text field of a dialog: Escape in it closes the dialog, changing nothing.
// A plain Entry with the focus takes Escape and does nothing with it, so the person, who
// types into the field the dialog focuses at once, could not close it from the keyboard.
type dialogEntry struct {
	widget.Entry
	// onEscape closes the dialog; until it is set, Escape does what it does in any entry.
	onEscape func()
}

func newDialogEntry() *dialogEntry {
	e := &dialogEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey closes the dialog on Escape; other keys edit as in any entry.
func (e *dialogEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(k)
}
