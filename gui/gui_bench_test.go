package gui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// manyPersonas is the fixture agent dir plus n generated personas with a rule map each.
func manyPersonas(b testing.TB, n int) locations.Dirs {
	dirs := locations.Dirs{Agent: b.TempDir()}
	for i := range n {
		text := fmt.Sprintf("---\ndescription: Generated persona %d.\npermissions:\n  \"*\": ask\n  read: allow\n  bash:\n    \"git *\": allow\n    \"rm *\": deny\n---\nPersona %d.\n", i, i)
		path := filepath.Join(dirs.GlobalAgents(), fmt.Sprintf("gen%03d.md", i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dirs
}

// BenchmarkStartup200 is the in-process part of start-up with 200 personas: load the catalog
// and the state, build the window, and paint the first frame (software painter). The real
// app's time to first frame under Xvfb is measured by scripts/xvfb-smoke.sh (PERSONAS=200).
func BenchmarkStartup200(b *testing.B) { benchStartup(b, 200) }

// BenchmarkStartup1000 is BenchmarkStartup200 with 1,000 personas: the first frame stays
// under a second.
func BenchmarkStartup1000(b *testing.B) { benchStartup(b, 1000) }

func benchStartup(b *testing.B, n int) {
	dirs := manyPersonas(b, n)
	a := test.NewTempApp(b)
	b.ResetTimer()
	for b.Loop() {
		s := NewShell(a, dirs, Screens()...)
		s.Window().Resize(fyne.NewSize(1180, 760))
		s.Window().Canvas().Capture()
		s.Window().Close()
		s.Close()
	}
}

func BenchmarkBuildList(b *testing.B) {
	for _, n := range []int{200, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := personas.Load(manyPersonas(b, n))
			in := personalist.ListInput{Catalog: c, Active: "gen007", Filter: "persona 1"}
			for b.Loop() {
				personalist.BuildList(in)
			}
		})
	}
}

// BenchmarkKeystroke is what one typed character in the editor costs the model: the edit, the
// validation, and the re-rendered file with its diff (the File tab follows every keystroke).
func BenchmarkKeystroke(b *testing.B) {
	dirs := manyPersonas(b, 1)
	c := personas.Load(dirs)
	m := personaedit.OpenEditor(c, "gen000")
	i := 0
	for b.Loop() {
		i++
		m.Update(func(d *personaedit.Draft) { d.Description = fmt.Sprintf("Generated persona, edit %d.", i) })
		m.Validate()
		if _, err := m.Diff(); err != nil {
			b.Fatal(err)
		}
	}
}
