package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pi"
)

func TestPiScreenInstallsAndUpdates(t *testing.T) {
	test.NewTempApp(t)
	home := t.TempDir()
	bin := filepath.Join(home, "agentmgr")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := locations.Dirs{Agent: filepath.Join(home, "agent")}
	v := NewRuntimeView(runtimeinstall.Pi(d, bin, "2.0"))
	test.NewTempWindow(t, v)
	if v.Action.Hidden || v.Action.Text != "Install" || !strings.Contains(v.Summary.Text, "not installed") {
		t.Fatalf("fresh: button %q hidden=%v, summary %q", v.Action.Text, v.Action.Hidden, v.Summary.Text)
	}
	test.Tap(v.Action)
	if _, err := os.Stat(pi.Path(d.GlobalExtensions())); err != nil {
		t.Fatalf("Install wrote nothing: %v", err)
	}
	if !v.Action.Hidden || !strings.Contains(v.Summary.Text, "current") || !strings.Contains(v.Details.Text, "starts "+bin) {
		t.Fatalf("after Install: button hidden=%v, summary %q, details %q", v.Action.Hidden, v.Summary.Text, v.Details.Text)
	}

	// Another agentmgr installs its own: Check again offers Update.
	if _, err := pi.Install(d.GlobalExtensions(), bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	test.Tap(v.Check)
	if v.Action.Hidden || v.Action.Text != "Update" {
		t.Fatalf("after another install: button %q hidden=%v", v.Action.Text, v.Action.Hidden)
	}
	test.Tap(v.Action)
	if in, err := pi.Parse(mustReadFile(t, pi.Path(d.GlobalExtensions()))); err != nil || in.Version != "2.0" {
		t.Fatalf("after Update the extension says %+v, %v", in, err)
	}
	if !strings.HasPrefix(v.Message.Text, "updated ") {
		t.Errorf("message = %q", v.Message.Text)
	}
}

func mustReadFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
