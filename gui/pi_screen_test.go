package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/opencode"
	"github.com/agentmgr/agentmgr/pi"
)

// The pi and OpenCode screens: Install writes the file, Check again sees another agentmgr's
// and offers Update, Update writes this app's.
func TestRuntimeScreensInstallAndUpdate(t *testing.T) {
	for _, rt := range []struct {
		name    string
		model   func(root, bin string) (m *runtimeinstall.Model, global string)
		install func(root, binary, version string) (ownedfile.Outcome, error)
		path    func(root string) string
		parse   func([]byte) (ownedfile.Stamp, error)
		fresh   string // the summary before Install
	}{
		{"pi", func(root, bin string) (*runtimeinstall.Model, string) {
			d := locations.Dirs{Agent: filepath.Join(root, "agent")}
			return runtimeinstall.Pi(d, bin, "2.0"), d.GlobalExtensions()
		}, pi.Install, pi.Path, pi.Parse, "pi extension is not installed"},
		{"opencode", func(root, bin string) (*runtimeinstall.Model, string) {
			d := opencode.Dirs{Global: filepath.Join(root, "config", "opencode"), Root: root}
			return runtimeinstall.OpenCode(d, bin, "2.0"), d.Global
		}, opencode.Install, opencode.Path, opencode.Parse, "OpenCode plugin is not installed"},
	} {
		t.Run(rt.name, func(t *testing.T) {
			test.NewTempApp(t)
			root := t.TempDir()
			bin := filepath.Join(root, "agentmgr")
			if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
				t.Fatal(err)
			}
			m, global := rt.model(root, bin)
			v := NewRuntimeView(m)
			test.NewTempWindow(t, v)
			if v.Action.Hidden || v.Action.Text != "Install" || !strings.Contains(v.Summary.Text, rt.fresh) {
				t.Fatalf("fresh: button %q hidden=%v, summary %q", v.Action.Text, v.Action.Hidden, v.Summary.Text)
			}
			test.Tap(v.Action)
			if _, err := os.Stat(rt.path(global)); err != nil {
				t.Fatalf("Install wrote nothing: %v", err)
			}
			if !v.Action.Hidden || !strings.Contains(v.Summary.Text, "current") || !strings.Contains(v.Details.Text, "starts "+bin) {
				t.Fatalf("after Install: button hidden=%v, summary %q, details %q", v.Action.Hidden, v.Summary.Text, v.Details.Text)
			}

			// Another agentmgr installs its own: Check again offers Update.
			if _, err := rt.install(global, bin, "1.0"); err != nil {
				t.Fatal(err)
			}
			test.Tap(v.Check)
			if v.Action.Hidden || v.Action.Text != "Update" {
				t.Fatalf("after another install: button %q hidden=%v", v.Action.Text, v.Action.Hidden)
			}
			test.Tap(v.Action)
			data, err := os.ReadFile(rt.path(global))
			if err != nil {
				t.Fatal(err)
			}
			if in, err := rt.parse(data); err != nil || in.Version != "2.0" {
				t.Fatalf("after Update the file says %+v, %v", in, err)
			}
			if !strings.HasPrefix(v.Message.Text, "updated ") {
				t.Errorf("message = %q", v.Message.Text)
			}
		})
	}
}
