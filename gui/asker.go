package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// asker puts modal questions and errors over one window. Screens and commands get it instead
// of the whole shell when asking is all they need of the window.
type asker struct {
	win fyne.Window
}

// choose shows a modal question with one button per choice and calls done with the choice.
// Closing the dialog any other way is the last choice (cancel).
func (a asker) choose(title, message string, choices []string, done func(string)) {
	a.chooseStyled(title, message, choices, widget.HighImportance, done)
}

// chooseDestructive is choose for a question whose first choice destroys something (Delete):
// that button is red and is not the highlighted default.
func (a asker) chooseDestructive(title, message string, choices []string, done func(string)) {
	a.chooseStyled(title, message, choices, widget.DangerImportance, done)
}

func (a asker) chooseStyled(title, message string, choices []string, first widget.Importance, done func(string)) {
	var d *dialog.CustomDialog
	buttons := make([]fyne.CanvasObject, len(choices))
	answered := false
	for i, c := range choices {
		c := c
		b := widget.NewButton(c, func() {
			answered = true
			d.Hide()
			done(c)
		})
		if i == 0 {
			b.Importance = first
		}
		buttons[i] = b
	}
	label := widget.NewLabel(message)
	label.Wrapping = fyne.TextWrapWord
	d = dialog.NewCustomWithoutButtons(title, label, a.win)
	d.SetButtons(buttons)
	d.SetOnClosed(func() {
		if !answered {
			answered = true
			done(choices[len(choices)-1])
		}
	})
	// A long message (a path, a command to run) wraps within a readable width instead of
	// making the dialog wider than the window.
	width := min(widget.NewLabel(message).MinSize().Width+4*theme.Padding(), maxQuestionWidth, a.win.Canvas().Size().Width*0.9)
	d.Resize(fyne.NewSize(width, d.MinSize().Height))
	d.Show()
	// The label knows how many lines it wraps to only once it has its width.
	d.Resize(fyne.NewSize(width, d.MinSize().Height))
	// The focus goes to the default answer, so Space gives it without the mouse; the field
	// behind the dialog would otherwise keep the focus and swallow the keys. A destructive
	// question's default is its last choice (cancel), never the one that destroys.
	def := buttons[0]
	if first == widget.DangerImportance {
		def = buttons[len(buttons)-1]
	}
	a.win.Canvas().Focus(def.(fyne.Focusable))
}

// maxQuestionWidth is the widest a question dialog grows before its message wraps.
const maxQuestionWidth = 600

// showError shows err in a dialog over the window, with its OK button focused (Space presses
// it): the focus would otherwise stay on the field behind the dialog, which swallowed the keys,
// and the dialog could only be closed by the mouse or by Tab first.
func (a asker) showError(err error) {
	dialog.ShowError(err, a.win)
	a.win.Canvas().FocusNext()
}
