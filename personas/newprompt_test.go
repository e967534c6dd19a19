package personas

import (
	"strings"
	"testing"
)

func TestNewPersonaPromptSaysMoreThanTheName(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, description, want string }{
		{"reviewer", "Reviews changes.", "You are the reviewer agent. Your job: Reviews changes."},
		{"scout", "", "You are the scout agent.\n"},
		{"x", "New persona x (read preset); say what it does", "You are the x agent.\n"},
	}
	for _, tt := range tests {
		got := NewPersonaPrompt(tt.name, tt.description)
		if !strings.HasPrefix(got, tt.want) || !strings.Contains(got, "permissions") {
			t.Errorf("NewPersonaPrompt(%q, %q) = %q; want it to start %q and mention the permissions", tt.name, tt.description, got, tt.want)
		}
	}
}
