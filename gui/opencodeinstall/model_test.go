package opencodeinstall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/opencode"
)

// TestModel walks the screen's states: none, installed by this app, installed by another
// agentmgr (Update), and a file that is not agentmgr's (no action).
func TestModel(t *testing.T) {
	root := t.TempDir()
	bin := filepath.Join(root, "agentmgr")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := opencode.Dirs{Global: filepath.Join(root, "config", "opencode"), Root: root}
	m := New(d, bin, "2.0")
	if m.Action() != "Install" || !strings.Contains(m.Summary(), "not installed") {
		t.Fatalf("fresh: action %q, summary %q", m.Action(), m.Summary())
	}
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(opencode.Path(d.Global)); err != nil {
		t.Fatalf("Run wrote no plugin: %v", err)
	}
	if m.Action() != "" || !strings.Contains(m.Summary(), "current") || !strings.HasPrefix(m.Message(), "installed ") {
		t.Fatalf("after Run: action %q, summary %q, message %q", m.Action(), m.Summary(), m.Message())
	}
	if got := strings.Join(m.Details(), "\n"); !strings.Contains(got, "global: "+opencode.Path(d.Global)+" (starts "+bin+")") {
		t.Errorf("details = %q", got)
	}

	if _, err := opencode.Install(d.Global, bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	m.Refresh()
	if m.Action() != "Update" || !strings.Contains(m.Summary(), "another agentmgr (1.0)") {
		t.Fatalf("older plugin: action %q, summary %q", m.Action(), m.Summary())
	}

	if err := os.WriteFile(opencode.Path(d.Global), []byte("export default {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m.Refresh()
	if m.Action() != "" || !strings.Contains(m.Summary(), "Another file") {
		t.Fatalf("foreign file: action %q, summary %q", m.Action(), m.Summary())
	}
	if err := m.Run(); err != nil {
		t.Fatalf("Run with nothing to do: %v", err)
	}
	if data, _ := os.ReadFile(opencode.Path(d.Global)); string(data) != "export default {}\n" {
		t.Errorf("the foreign file was changed: %q", data)
	}
}
