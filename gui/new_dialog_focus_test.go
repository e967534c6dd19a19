package gui

import (
	"testing"

	"fyne.io/fyne/v2/widget"
)

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
			f := s.Window().Canvas().Focused()
			e, ok := f.(*widget.Entry)
			if !ok {
				t.Fatalf("focused after opening the dialog: %T, want the name entry", f)
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
