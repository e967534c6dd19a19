package gui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/locations"
)

// BenchmarkEditFrame500 is the work of one keystroke in the rules of one persona, with 500
// personas in the catalog: every listener runs (matrix row, simulator, Preview and Problems
// tabs, lint notes, the frame's own), as in the app, headless. The matrix only recomputes the
// edited row, so the frame does not grow with the catalog: BenchmarkEditFrame5 is the same
// keystroke with 5 personas, and the two stay within a factor of 2.
// The Matrix, built but on another tab (the editor is on the Personas screen), only notes that
// it fell behind.
func BenchmarkEditFrame500(b *testing.B) { benchEditFrame(b, 500, false) }

// BenchmarkEditFrame5 is BenchmarkEditFrame500 with 5 personas.
func BenchmarkEditFrame5(b *testing.B) { benchEditFrame(b, 5, false) }

// BenchmarkEditFrameMatrixShown500 is the same edit while the Matrix is the screen shown (an
// edit arriving from a reload, say): the edited row is computed again and the grid redrawn.
func BenchmarkEditFrameMatrixShown500(b *testing.B) { benchEditFrame(b, 500, true) }

func benchEditFrame(b *testing.B, n int, matrixShown bool) {
	dir := b.TempDir()
	agents := filepath.Join(dir, "agents")
	if err := os.MkdirAll(agents, 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		text := fmt.Sprintf("---\nname: p%03d\ndescription: persona %d\npermissions:\n  \"*\": ask\n  read: allow\n  bash:\n    \"git *\": allow\n    \"rm *\": deny\n    \"go test *\": allow\n  edit:\n    \"src/*\": allow\n    \"*.env\": deny\n---\nPrompt %d.\n", i, i, i)
		if err := os.WriteFile(filepath.Join(agents, fmt.Sprintf("p%03d.md", i)), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	a := test.NewApp()
	defer a.Quit()
	a.Preferences().SetBool(logFollowKey, false)
	s := NewShell(a, locations.Dirs{Agent: dir}, Screens()...)
	s.do = func(f func()) { f() }
	s.spawn = func(f func()) { f() } // no goroutine outlives the test
	s.Window().Resize(fyne.NewSize(1180, 760))
	s.Window().Show()
	defer s.Window().Close()
	s.SelectPersona(fmt.Sprintf("p%03d", n/2))
	m := s.Editor()
	if matrixShown {
		s.ShowScreen(MatrixTitle)
	}
	if m == nil || len(s.ScreenContent(MatrixTitle).(*MatrixScreen).Matrix().Rows) < n {
		b.Fatalf("fixture did not load: editor %v", m)
	}
	i := 0
	for b.Loop() {
		i++
		m.Update(func(d *personaedit.Draft) {
			d.Rules[len(d.Rules)-1].Pattern = fmt.Sprintf("make %d*", i)
			d.Rules[len(d.Rules)-1].Action = engine.Ask
		})
	}
}
