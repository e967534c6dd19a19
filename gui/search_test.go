package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestSearchEnterOpensTheFirstMatch(t *testing.T) {
	tests := []struct {
		name, typed, want string
	}{
		{"a name prefix", "sco", "scout"},
		{"a word of the description", "review", "reviewer"},
		{"no match keeps the selection", "zzz", "reviewer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			clickPersona(t, s, "reviewer")
			search := s.toolbar.Search
			s.Window().Canvas().Focus(search)
			test.Type(search, tc.typed)
			search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			if got := s.Selected(); got != tc.want {
				t.Errorf("typed %q then Enter: selected %q, want %q", tc.typed, got, tc.want)
			}
		})
	}
}
