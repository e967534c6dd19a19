package piinstall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pi"
)

func fixture(t *testing.T) (locations.Dirs, string) {
	t.Helper()
	home := t.TempDir()
	bin := filepath.Join(home, "agentmgr")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	return locations.Dirs{Agent: filepath.Join(home, "agent")}, bin
}

func TestInstallThenCurrent(t *testing.T) {
	d, bin := fixture(t)
	m := New(d, bin, "2.0")
	if m.Action() != "Install" || !strings.Contains(m.Summary(), "not installed") {
		t.Fatalf("fresh: action %q, summary %q", m.Action(), m.Summary())
	}
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if m.Action() != "" || !strings.Contains(m.Summary(), "installed and current") || !strings.HasPrefix(m.Message(), "installed ") {
		t.Fatalf("after Install: action %q, summary %q, message %q", m.Action(), m.Summary(), m.Message())
	}
	if _, err := os.Stat(pi.Path(d.GlobalExtensions())); err != nil {
		t.Fatalf("Install wrote nothing: %v", err)
	}
}

func TestUpdateAnOlderExtension(t *testing.T) {
	d, bin := fixture(t)
	if _, err := pi.Install(d.GlobalExtensions(), bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	m := New(d, bin, "2.0")
	if m.Action() != "Update" || !strings.Contains(m.Summary(), "another agentmgr (1.0)") {
		t.Fatalf("older: action %q, summary %q", m.Action(), m.Summary())
	}
	if err := m.Run(); err != nil || m.Action() != "" || !strings.HasPrefix(m.Message(), "updated ") {
		t.Fatalf("after Update: %v, action %q, message %q", err, m.Action(), m.Message())
	}
}

func TestAForeignFileOffersNothing(t *testing.T) {
	d, bin := fixture(t)
	path := pi.Path(d.GlobalExtensions())
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("// mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := New(d, bin, "2.0")
	if m.Action() != "" || !strings.Contains(m.Summary(), "Another file") {
		t.Fatalf("foreign: action %q, summary %q", m.Action(), m.Summary())
	}
	if details := strings.Join(m.Details(), "\n"); !strings.Contains(details, "move it away") {
		t.Errorf("details = %q, want the advice", details)
	}
}

func TestDetailsNameRivals(t *testing.T) {
	d, bin := fixture(t)
	if err := os.MkdirAll(filepath.Join(d.GlobalExtensions(), "pi-agent-manager"), 0o755); err != nil {
		t.Fatal(err)
	}
	m := New(d, bin, "2.0")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if details := strings.Join(m.Details(), "\n"); !strings.Contains(details, "also installed: pi-agent-manager") || !strings.Contains(details, "Turn one off") {
		t.Errorf("details = %q, want pi-agent-manager named with how to turn one off", details)
	}
}

func TestInstallGatesPiSubagentsChildrenAsTheCLIDoes(t *testing.T) {
	d, bin := fixture(t)
	if err := New(d, bin, "2.0").Run(); err != nil {
		t.Fatal(err)
	}
	list, err := pi.ChildExtensions(pi.Settings(d.GlobalExtensions()))
	if err != nil || len(list) != 1 || list[0] != pi.Path(d.GlobalExtensions()) {
		t.Fatalf("defaultExtensions after the app's Install = %v, %v; want the extension", list, err)
	}
}
