package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestExecConfigWritesNeedARuleNamingThem: a write to executable configuration, by the edit
// tools or a shell command, asks unless the allowing rule names the file; "always" offers the
// file itself, which is such a rule.
func TestExecConfigWritesNeedARuleNamingThem(t *testing.T) {
	open := Ruleset{{Permission: "*", Pattern: "*", Action: Allow}}
	named := append(append(Ruleset{}, open...), Rule{Permission: "edit", Pattern: "*/.git/hooks/*", Action: Allow})
	place := &Place{Cwd: "/p", Project: "/p"}
	tests := []struct {
		name        string
		rules       Ruleset
		tool, value string
		want        Action
		suggest     string
	}{
		{"write .git/config", open, "write", ".git/config", Ask, ".git/config"},
		{"append to .git/config", open, "bash", "echo '[core] fsmonitor = x' >> .git/config", Ask, ""},
		{"tee a hook", open, "bash", "tee .git/hooks/pre-commit < x", Ask, ""},
		{"a hook under a rule naming hooks", named, "bash", "tee .git/hooks/pre-commit < x", Allow, ""},
		{"edit .gitattributes", open, "edit", "/p/.gitattributes", Ask, "/p/.gitattributes"},
		{"an ordinary file", open, "write", "src/a.go", Allow, ""},
		{"reading .git/config", open, "read", ".git/config", Allow, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewPolicy(tt.rules).At(place)
			d := p.DecideTool(tt.tool, tt.value)
			if d.Action != tt.want {
				t.Fatalf("%s %q = %s (%s), want %s", tt.tool, tt.value, d.Action, d.Explain(), tt.want)
			}
			if tt.want == Ask && !strings.Contains(d.Explain(), "executable configuration") {
				t.Errorf("%s %q: %s, want the reason to say executable configuration", tt.tool, tt.value, d.Explain())
			}
			if tt.suggest != "" {
				if s := p.Suggestions(tt.tool, []string{tt.value}, d); !slices.Equal(s, []string{tt.suggest}) {
					t.Errorf("%s %q: always suggests %q, want %q", tt.tool, tt.value, s, tt.suggest)
				}
			}
		})
	}
}
