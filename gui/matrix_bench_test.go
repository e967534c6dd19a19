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
	"github.com/agentmgr/agentmgr/preview"
)

// BenchmarkEditFrame500 is the UI goroutine's work of one keystroke in the rules of one
// persona, with 500 personas in the catalog, every screen and editor tab built and the
// Simulator holding a result: every listener runs (the Rules tab, the frame's own), as in the
// app, headless, and what the view worker computes off the UI goroutine (the Rules tab's lint
// notes, the Simulator's re-check) is applied (timed) when it is ready (the wait is not timed).
// Nothing on the UI goroutine grows with the catalog: BenchmarkEditFrame5 is the same
// keystroke with 5 personas, and the two stay within a factor of 2. The Matrix, built but on
// another screen, only notes that it fell behind; the Preview and Problems tabs, behind the
// Rules tab, too.
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
	// Set up in step; the keystrokes below run the views on the worker goroutine, as the app does.
	s.tasks.do = func(f func()) { f() }
	s.tasks.spawn = func(f func()) { f() }
	defer s.Close() // no goroutine outlives the benchmark
	s.Window().Resize(fyne.NewSize(1180, 760))
	s.Window().Show()
	defer s.Window().Close()
	// Every screen is built, as after a session that visited them all, and the Simulator
	// holds a result (it checks it again when the rules change).
	for _, sc := range Screens() {
		s.ScreenContent(sc.Title)
	}
	s.SelectPersona(fmt.Sprintf("p%03d", n/2))
	m := s.ws.Draft()
	sim := s.ScreenContent(SimulatorTitle).(*SimulatorScreen)
	sim.Prefill(preview.Query{Persona: m.Original().Name, Tool: "bash", Value: "make 1"})
	sim.Run()
	// Every editor tab is built; the keystroke is typed on the Rules tab.
	for _, t := range editorTabs() {
		s.screen.View().ShowTab(t.Title)
	}
	s.screen.View().ShowTab(TabRules)
	if matrixShown {
		s.ShowScreen(MatrixTitle)
	}
	if m == nil || len(s.ScreenContent(MatrixTitle).(*MatrixScreen).Matrix().Rows) < n {
		b.Fatalf("fixture did not load: editor %v", m)
	}
	ui := make(chan func(), 16)
	s.tasks.do = func(f func()) { ui <- f }
	s.tasks.spawn = s.tasks.goTracked
	i := 0
	for b.Loop() {
		i++
		m.Update(func(d *personaedit.Draft) {
			d.Rules[len(d.Rules)-1].Pattern = fmt.Sprintf("make %d*", i)
			d.Rules[len(d.Rules)-1].Action = engine.Ask
		})
		// What the worker hands back is applied here, on the benchmark's goroutine, and timed:
		// it is UI work. The worker's own time (on the other core) is not.
		done := s.views.Wait(s.views.Latest())
		for settled := false; !settled; {
			b.StopTimer()
			select {
			case <-done:
				settled = true
			case f := <-ui:
				b.StartTimer()
				f()
				b.StopTimer()
			}
			b.StartTimer()
		}
	}
}
