package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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
			if got := s.ws.Selected(); got != tc.want {
				t.Errorf("typed %q then Enter: selected %q, want %q", tc.typed, got, tc.want)
			}
		})
	}
}

func TestPersonaListNamesLineUpWithAndWithoutIcons(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	x := map[string]float32{}
	walk(s.screen.List().list, func(o fyne.CanvasObject) {
		c, ok := o.(*fyne.Container)
		if !ok || len(c.Objects) != 3 {
			return
		}
		if name, ok := c.Objects[0].(*widget.Label); ok && name.Text != "" {
			x[name.Text] = name.Position().X
		}
	})
	// tinker has no icon; reviewer, scout and the built-ins have one.
	for _, n := range []string{"planner", "reviewer", "scout", "tinker"} {
		if _, ok := x[n]; !ok {
			t.Fatalf("no row named %q in the list (rows: %v)", n, x)
		}
	}
	for _, n := range []string{"planner", "reviewer", "scout"} {
		if x[n] != x["tinker"] {
			t.Errorf("name %q starts at x=%v, tinker (no icon) at x=%v", n, x[n], x["tinker"])
		}
	}
}
