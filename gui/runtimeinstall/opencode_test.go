package runtimeinstall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/opencode"
)

// OpenCode's other deciders are shown with what they do to a call agentmgr decided.
func TestOpenCodeDetailsNameOtherDeciders(t *testing.T) {
	root := t.TempDir()
	bin := writeBinary(t, root)
	d := opencode.Dirs{Global: filepath.Join(root, "config", "opencode"), Root: root}
	if err := os.WriteFile(filepath.Join(root, "opencode.json"), []byte(`{"permission":{"bash":"deny"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	m := OpenCode(d, bin, "2.0")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if want := "installed " + opencode.Path(d.Global) + "; OpenCode loads it when it starts next."; m.Message() != want {
		t.Errorf("message = %q, want %q", m.Message(), want)
	}
	details := strings.Join(m.Details(), "\n")
	if !strings.Contains(details, "also deciding: permission permission (") {
		t.Errorf("details = %q, want opencode.json's permission named", details)
	}
}
