package runtimeinstall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/codex"
)

// The Codex screen installs and trusts the hook, and tells a hook Codex would skip (changed
// since it was trusted) from one that enforces, offering to install it again.
func TestCodexModel(t *testing.T) {
	root := t.TempDir()
	bin := writeBinary(t, root)
	home := filepath.Join(root, "codex-home")
	m := Codex(home, bin)
	wantOffer(t, m, "before install", "Install", "not installed")
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	wantOffer(t, m, "after install", "", "installed and current: Codex asks agentmgr")
	hooks := filepath.Join(home, codex.HooksName)
	data, _ := os.ReadFile(hooks)
	if err := os.WriteFile(hooks, []byte(strings.Replace(string(data), `"timeout": 130`, `"timeout": 131`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	m.Refresh()
	wantOffer(t, m, "after an edit", "Update", "not enforcing: Codex skips it without a word (modified)")
	if err := m.Run(); err != nil || m.Action() != "" {
		t.Fatalf("install again: %v, action %q, summary %q", err, m.Action(), m.Summary())
	}
}

func TestGeminiModel(t *testing.T) {
	root := t.TempDir()
	bin := writeBinary(t, root)
	folder := filepath.Join(root, ".gemini")
	m := Gemini(folder, bin)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	if want := "installed " + filepath.Join(folder, "settings.json") + "; Gemini CLI runs it from its next session on."; m.Message() != want {
		t.Errorf("message = %q, want %q", m.Message(), want)
	}
	if !strings.Contains(m.Summary(), "Gemini CLI asks agentmgr about every tool call") {
		t.Errorf("summary after install = %q", m.Summary())
	}
	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	m.Refresh()
	if !strings.Contains(m.Summary(), "gone: its fallback blocks every Gemini CLI tool call") {
		t.Errorf("summary with the binary gone = %q", m.Summary())
	}
}
