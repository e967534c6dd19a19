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
			s.ask.showError(errors.New("the file changed on disk"))
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

// A question opens with its default answer focused: the first choice, or for a destructive
// question its last (cancel), never the choice that destroys.
func TestQuestionFocusesItsDefaultAnswer(t *testing.T) {
	for _, tc := range []struct {
		name        string
		destructive bool
		want        string
	}{
		{"question", false, "Save mine"},
		{"destructive question", true, "Cancel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			c := s.Window().Canvas()
			c.Focus(s.toolbar.Search)
			var got string
			ask := s.ask.choose
			if tc.destructive {
				ask = s.ask.chooseDestructive
			}
			ask("Write your version?", "The file changed on disk.", []string{"Save mine", "Cancel"}, func(c string) { got = c })
			b, ok := c.Focused().(*widget.Button)
			if !ok || b.Text != tc.want {
				t.Fatalf("focus on %T; want the %q button", c.Focused(), tc.want)
			}
			b.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
			if got != tc.want || topDialog(s) != nil {
				t.Errorf("Space answered %q (dialog open: %v); want %q and the dialog closed", got, topDialog(s) != nil, tc.want)
			}
		})
	}
}
