package gui

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/personas"
)

// fixtureDirs copies testdata/agentdir into a temporary folder, so that tests may save into it,
// and returns Dirs with that folder as the agent dir and no project.
func fixtureDirs(t *testing.T) personas.Dirs {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("testdata", "agentdir")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying the fixture agent dir: %v", err)
	}
	return personas.Dirs{Agent: dst}
}

// newTestShell builds a shell on the test driver over dirs, sized like the real window.
func newTestShell(t *testing.T, dirs personas.Dirs) *Shell {
	t.Helper()
	a := test.NewTempApp(t)
	s := NewShell(a, dirs)
	s.do = func(f func()) { f() }
	s.Window().Resize(fyne.NewSize(1180, 760))
	s.Window().Show()
	t.Cleanup(s.Window().Close)
	return s
}
