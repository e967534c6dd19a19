package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// focusedEntry is the text field with the focus in s's window, a plain one or a dialog's;
// nil when the focus is elsewhere.
func focusedEntry(s *Shell) *widget.Entry {
	switch e := s.Window().Canvas().Focused().(type) {
	case *widget.Entry:
		return e
	case *dialogEntry:
		return &e.Entry
	}
	return nil
}

func TestNameDialogsTakeTypingAtOnce(t *testing.T) {
	tests := []struct {
		name, typed, want string
		open              func(s *Shell)
	}{
		{"new persona", "helper", "helper", func(s *Shell) { s.files.newPersona() }},
		{"rename replaces the old name", "critic", "critic", func(s *Shell) {
			clickPersona(t, s, "reviewer")
			s.files.showRenameDialog("reviewer")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			tc.open(s)
			e := focusedEntry(s)
			if e == nil {
				t.Fatalf("focused after opening the dialog: %T, want the name entry", s.Window().Canvas().Focused())
			}
			for _, r := range tc.typed {
				e.TypedRune(r)
			}
			if e.Text != tc.want {
				t.Errorf("typed %q: name %q, want %q", tc.typed, e.Text, tc.want)
			}
		})
	}
}

// TestEscapeClosesTheNameDialogs: Escape typed into the field the dialog focuses closes it, as
// Cancel does: nothing is created or renamed, whatever was typed.
func TestEscapeClosesTheNameDialogs(t *testing.T) {
	tests := []struct {
		name, typed string
		open        func(s *Shell)
		kept, none  string // a persona file still there, one that must not appear
	}{
		{"new persona", "helper", func(s *Shell) { s.files.newPersona() }, "reviewer.md", "helper.md"},
		{"rename", "critic", func(s *Shell) {
			clickPersona(t, s, "reviewer")
			s.files.showRenameDialog("reviewer")
		}, "reviewer.md", "critic.md"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, q := newQueuedShell(t, fixtureDirs(t))
			tc.open(s)
			if topDialog(s) == nil || focusedEntry(s) == nil {
				t.Fatalf("the dialog is not open with its name field focused (%T)", s.Window().Canvas().Focused())
			}
			focused := s.Window().Canvas().Focused()
			for _, r := range tc.typed {
				focused.TypedRune(r)
			}
			focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			settle(t, s, q)
			if top := topDialog(s); top != nil && top.Visible() {
				t.Fatalf("Escape left the dialog open")
			}
			dir := s.Dirs().GlobalAgents()
			if _, err := os.Stat(filepath.Join(dir, tc.kept)); err != nil {
				t.Errorf("after Escape %s is gone: %v", tc.kept, err)
			}
			if _, err := os.Stat(filepath.Join(dir, tc.none)); !os.IsNotExist(err) {
				t.Errorf("after Escape %s exists (%v): the dialog acted", tc.none, err)
			}
		})
	}
}
