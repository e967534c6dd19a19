package runtimeinstall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pi"
)

func piFixture(t *testing.T) (locations.Dirs, string) {
	t.Helper()
	home := t.TempDir()
	return locations.Dirs{Agent: filepath.Join(home, "agent")}, writeBinary(t, home)
}

func TestPiDetailsNameRivals(t *testing.T) {
	d, bin := piFixture(t)
	// An extension pi loads (a script), not a folder of configuration only, which is no rival.
	rival := filepath.Join(d.GlobalExtensions(), "pi-agent-manager")
	if err := os.MkdirAll(rival, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rival, "index.ts"), []byte("export default function () {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := Pi(d, bin, "2.0")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if details := strings.Join(m.Details(), "\n"); !strings.Contains(details, "also installed: pi-agent-manager") || !strings.Contains(details, "Turn one off") {
		t.Errorf("details = %q, want pi-agent-manager named with how to turn one off", details)
	}
}

func TestPiInstallGatesPiSubagentsChildrenAsTheCLIDoes(t *testing.T) {
	d, bin := piFixture(t)
	m := Pi(d, bin, "2.0")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if want := "installed " + pi.Path(d.GlobalExtensions()) + "; restart pi or run /reload in it."; m.Message() != want {
		t.Errorf("message = %q, want %q", m.Message(), want)
	}
	list, err := pi.ChildExtensions(pi.Settings(d.GlobalExtensions()))
	if err != nil || len(list) != 1 || list[0] != pi.Path(d.GlobalExtensions()) {
		t.Fatalf("defaultExtensions after the app's Install = %v, %v; want the extension", list, err)
	}
}

// A settings file pi-subagents' list cannot go into: the extension is installed all the same,
// and the message says the children will not load it.
func TestPiChildrenProblemIsTold(t *testing.T) {
	d, bin := piFixture(t)
	settings := pi.Settings(d.GlobalExtensions())
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte("[1]"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := Pi(d, bin, "2.0")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Message(), "installed ") || !strings.Contains(m.Message(), "pi-subagents' children will not load it: ") {
		t.Errorf("message = %q, want the install and the children's problem", m.Message())
	}
	if m.Action() != "" {
		t.Errorf("action = %q after the install", m.Action())
	}
}
