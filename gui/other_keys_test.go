package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Frontmatter keys the editor does not edit are listed on the Persona tab, read-only, and a
// save keeps them as they are written.
func TestUnknownKeysAreShownAndKeptOnSave(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	path := filepath.Join(s.Dirs().GlobalAgents(), "tuned.md")
	writeFile(t, path, "---\ndescription: Tuned.\nmodel: claude-sonnet # the fast one\ntemperature: 0.2\npermissions: read\n---\nBody.\n")
	s.Reload()
	settle(t, s, q)
	clickPersona(t, s, "tuned")
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	if got := pt.Other.Text; !strings.HasPrefix(got, "model, temperature") {
		t.Errorf("the Persona tab lists other keys as %q; want model, temperature", got)
	}
	if !hasLabel(pt, pt.Other.Text) {
		t.Error("the other keys' line is not on the Persona tab")
	}
	pt.Description.SetText("Tuned. More.")
	tapSave(s)
	settle(t, s, q)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"model: claude-sonnet # the fast one\n", "temperature: 0.2\n", "description: Tuned. More.\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("saved file lacks %q:\n%s", want, data)
		}
	}

	// A persona without such keys has no line for them.
	clickPersona(t, s, "reviewer")
	if pt := tabOf[*PersonaTab](t, s, TabPersona); pt.Other.Text != "" || hasLabel(pt, "Other keys") {
		t.Errorf("reviewer shows other keys %q", pt.Other.Text)
	}
}

func tapSave(s *Shell) { s.screen.View().save.OnTapped() }
