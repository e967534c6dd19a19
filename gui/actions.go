package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/personas"
)

// Choices of the unsaved-edits prompt.
const (
	choiceSave    = "Save"
	choiceDiscard = "Discard"
	choiceCancel  = "Cancel"
	choiceClose   = "Close"
)

// leaveEditor runs then once the open persona can be left: at once when it has no unsaved
// edits, else after the person chose save (and the save worked) or discard. Cancel runs nothing.
func (s *Shell) leaveEditor(then func()) {
	q := s.ws.LeaveQuestion()
	if q == nil {
		then()
		return
	}
	m := s.Editor()
	s.choose(q.Title, q.Message, []string{q.Confirm, choiceDiscard, choiceCancel}, func(choice string) {
		switch choice {
		case q.Confirm:
			s.save(func() { then() })
		case choiceDiscard:
			m.Revert()
			then()
		}
	})
}

// choose shows a modal question with one button per choice and calls done with the choice.
// Closing the dialog any other way is the last choice (cancel).
func (s *Shell) choose(title, message string, choices []string, done func(string)) {
	s.chooseStyled(title, message, choices, widget.HighImportance, done)
}

// chooseDestructive is choose for a question whose first choice destroys something (Delete):
// that button is red and is not the highlighted default.
func (s *Shell) chooseDestructive(title, message string, choices []string, done func(string)) {
	s.chooseStyled(title, message, choices, widget.DangerImportance, done)
}

func (s *Shell) chooseStyled(title, message string, choices []string, first widget.Importance, done func(string)) {
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
	d = dialog.NewCustomWithoutButtons(title, label, s.win)
	d.SetButtons(buttons)
	d.SetOnClosed(func() {
		if !answered {
			answered = true
			done(choices[len(choices)-1])
		}
	})
	// A long message (a path, a command to run) wraps within a readable width instead of
	// making the dialog wider than the window.
	width := min(widget.NewLabel(message).MinSize().Width+4*theme.Padding(), maxQuestionWidth, s.win.Canvas().Size().Width*0.9)
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
	s.win.Canvas().Focus(def.(fyne.Focusable))
}

// maxQuestionWidth is the widest a question dialog grows before its message wraps.
const maxQuestionWidth = 600

// requestClose closes the window once unsaved edits are saved or discarded.
func (s *Shell) requestClose() {
	s.leaveEditor(func() {
		s.rememberWindowSize()
		s.win.Close()
	})
}

// CycleActive makes the next (step 1) or previous (step -1) switchable persona active: primary
// and not hidden, in catalog order, wrapping around.
func (s *Shell) CycleActive(step int) {
	p, err := personas.Cycle(s.Catalog(), s.Active(), step)
	if err == nil {
		err = s.SetActive(p.Name)
	}
	if err != nil {
		s.showError(err)
	}
}

// showError shows err in a dialog over the window, with its OK button focused (Space presses
// it): the focus would otherwise stay on the field behind the dialog, which swallowed the keys,
// and the dialog could only be closed by the mouse or by Tab first.
func (s *Shell) showError(err error) {
	dialog.ShowError(err, s.win)
	s.win.Canvas().FocusNext()
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
