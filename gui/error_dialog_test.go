package gui

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// An error dialog is closed from the keyboard at once, even when a field behind it had the
// focus: its OK button has the focus, and Space presses it as it presses every focused button.
func TestErrorDialogClosesWithTheKeyboard(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeySpace} {
		t.Run(string(key), func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			c := s.Window().Canvas()
			c.Focus(s.toolbar.Search)
			s.showError(errors.New("the file changed on disk"))
			if topDialog(s) == nil {
				t.Fatal("no dialog")
			}
			b, ok := c.Focused().(*widget.Button)
			if !ok || b.Text != "OK" {
				t.Fatalf("focus on %T; want the dialog's OK button", c.Focused())
			}
			b.TypedKey(&fyne.KeyEvent{Name: key})
			if topDialog(s) != nil {
				t.Errorf("%s on the focused OK left the dialog open", key)
			}
		})
	}
}
