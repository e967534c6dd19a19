package keysedit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/keybindings"
)

func mustCombo(t *testing.T, s string) keybindings.Combo {
	t.Helper()
	c, err := keybindings.ParseCombo(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSaveBlockersAreTheEditsPiWouldSkip(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(t *testing.T, m *Model)
		blocked bool
	}{
		{"no edit: the file's own skipped key does not block", func(*testing.T, *Model) {}, false},
		{"binding ctrl+c, which pi keeps for itself", func(t *testing.T, m *Model) {
			if err := m.Bind(keybindings.ActionPrevious, mustCombo(t, "ctrl+c")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"binding a free key", func(t *testing.T, m *Model) {
			if err := m.Bind(keybindings.ActionPrevious, mustCombo(t, "ctrl+alt+p")); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"another action's key", func(t *testing.T, m *Model) {
			if err := m.Bind(keybindings.ActionPrevious, mustCombo(t, "ctrl+shift+a")); err != nil {
				t.Fatal(err)
			}
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "keybindings.json")
			if err := os.WriteFile(path, []byte(`{"piAgentManager.next": "shift+tab", "piAgentManager.picker": "ctrl+shift+a"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			m := Load(path, "")
			tt.edit(t, m)
			if got := m.SaveBlockers(); (len(got) > 0) != tt.blocked {
				t.Errorf("SaveBlockers() = %v; want blocked %v", got, tt.blocked)
			}
			if err := m.Save(); err != nil {
				t.Fatal(err)
			}
			if got := m.SaveBlockers(); len(got) != 0 {
				t.Errorf("after saving, SaveBlockers() = %v; want none", got)
			}
		})
	}
}

func TestUnboundInAM(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keybindings.json")
	if err := os.WriteFile(path, []byte(`{"piAgentManager.next": "alt+n"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	m := Load(path, "")
	cases := []struct {
		id   string
		want bool
	}{
		{keybindings.ActionNext, false},
		{keybindings.ActionPrevious, true}, // agentmgr's default alt+p does not exist in the AM
		{keybindings.ActionPicker, true},
		{"app.thinking.cycle", false}, // not the AM's
	}
	for _, c := range cases {
		if got := m.UnboundInAM(c.id); got != c.want {
			t.Errorf("UnboundInAM(%s) = %v, want %v", c.id, got, c.want)
		}
	}
	if err := m.Bind(keybindings.ActionPrevious, keybindings.MustParseCombo("alt+p")); err != nil {
		t.Fatal(err)
	}
	if m.UnboundInAM(keybindings.ActionPrevious) {
		t.Errorf("previous is still unbound after binding it in the file")
	}
}
