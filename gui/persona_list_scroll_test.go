package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// The window opens with the selected persona in view: at 800x600 with 300 personas, whether it
// is near the top (planner, the default) or far down the list (the active gen150).
func TestListOpensWithTheSelectedPersonaInView(t *testing.T) {
	for _, active := range []string{"", "gen150", "gen299"} {
		t.Run("active="+active, func(t *testing.T) {
			dirs := manyPersonas(t, 300)
			if active != "" {
				state := filepath.Join(dirs.Agent, "agent-manager", "state.json")
				if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(state, []byte(`{"active": "`+active+`"}`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := newTestShell(t, dirs, Screens()...)
			s.Window().Resize(fyne.NewSize(800, 600))
			l := s.screen.List()
			at := -1
			for i, it := range l.Items() {
				if it.Key == s.ws.Selected() {
					at = i
				}
			}
			if at < 0 {
				t.Fatalf("the selected %q is not in the list", s.ws.Selected())
			}
			// Every row is one height: the list sets none of its own.
			row := l.create().MinSize().Height
			pad := theme.Padding()
			top := float32(at) * (row + pad)
			off, height := l.list.GetScrollOffset(), l.list.Size().Height
			if height < 3*row {
				t.Fatalf("the list is %v high at 800x600; want several rows", height)
			}
			if top < off || top+row > off+height {
				t.Errorf("selected %q (row %d, %v-%v) is out of view: the list shows %v-%v", s.ws.Selected(), at, top, top+row, off, off+height)
			}
		})
	}
}
