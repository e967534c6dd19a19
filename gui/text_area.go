package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// TextArea is a multi-line entry that does not trap the keyboard: Tab and Shift+Tab move the
// focus on, like in every other field, and Escape leaves it (to the next field). A tab
// character is typed with Ctrl+I, the key that has meant Tab in terminals all along;
// Ctrl+Tab stays the app's next-tab key.
type TextArea struct {
	widget.Entry
	// OnFocus, when set, is called when the area gains the focus (its pane scrolls it into
	// view).
	OnFocus func()
}

// FocusGained is part of fyne.Focusable.
func (a *TextArea) FocusGained() {
	a.Entry.FocusGained()
	if a.OnFocus != nil {
		a.OnFocus()
	}
}

// NewTextArea makes an empty multi-line text area.
func NewTextArea() *TextArea {
	a := &TextArea{}
	a.MultiLine = true
	a.Wrapping = fyne.TextWrapWord
	a.ExtendBaseWidget(a)
	return a
}

// AcceptsTab is false: Tab moves the focus instead of typing a tab.
func (a *TextArea) AcceptsTab() bool { return false }

// TypedKey leaves the area on Escape; other keys edit as in any entry.
func (a *TextArea) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		if c := fyne.CurrentApp().Driver().CanvasForObject(a); c != nil {
			c.FocusNext()
		}
		return
	}
	a.Entry.TypedKey(k)
}

// insertTabKey types a tab character into a TextArea.
var insertTabKey = &desktop.CustomShortcut{KeyName: fyne.KeyI, Modifier: fyne.KeyModifierControl}

// TypedShortcut types a tab on Ctrl+I; other shortcuts work as in any entry.
func (a *TextArea) TypedShortcut(s fyne.Shortcut) {
	if cs, ok := s.(*desktop.CustomShortcut); ok && cs.KeyName == insertTabKey.KeyName && cs.Modifier == insertTabKey.Modifier {
		if !a.Disabled() {
			a.Entry.TypedRune('\t')
		}
		return
	}
	a.Entry.TypedShortcut(s)
}
