package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
	"github.com/agentmgr/agentmgr/opencode"
)

func TestOpenCodeScreenInstalls(t *testing.T) {
	test.NewTempApp(t)
	root := t.TempDir()
	bin := filepath.Join(root, "agentmgr")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := opencode.Dirs{Global: filepath.Join(root, "config", "opencode"), Root: root}
	v := NewRuntimeView(runtimeinstall.OpenCode(d, bin, "2.0"))
	test.NewTempWindow(t, v)
	if v.Action.Hidden || v.Action.Text != "Install" || !strings.Contains(v.Summary.Text, "OpenCode plugin is not installed") {
		t.Fatalf("fresh: button %q hidden=%v, summary %q", v.Action.Text, v.Action.Hidden, v.Summary.Text)
	}
	test.Tap(v.Action)
	if _, err := os.Stat(opencode.Path(d.Global)); err != nil {
		t.Fatalf("Install wrote nothing: %v", err)
	}
	if !v.Action.Hidden || !strings.Contains(v.Summary.Text, "current") || !strings.Contains(v.Details.Text, "starts "+bin) {
		t.Fatalf("after Install: button hidden=%v, summary %q, details %q", v.Action.Hidden, v.Summary.Text, v.Details.Text)
	}
}
