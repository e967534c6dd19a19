package convert

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

const acceptanceSettings = `{
  "permissions": {
    "allow": ["Bash(git diff:*)", "Read"],
    "ask": ["Bash(git push:*)"],
    "deny": ["Bash(rm:*)", "Read(./.env)"]
  }
}`

// TestImportClaudeSettings_acceptance is the acceptance case: the persona written from
// a settings file decides as Claude Code does.
func TestImportClaudeSettings_acceptance(t *testing.T) {
	it, err := ImportClaudeSettings("settings.json", "claude-settings", []byte(acceptanceSettings))
	if err != nil {
		t.Fatal(err)
	}
	p, text, err := it.Draft.Persona("claude-settings.md")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	pol := engine.NewPolicy(p.Rules)
	for _, c := range []struct {
		tool, value string
		want        engine.Action
	}{
		{"bash", "git diff HEAD", engine.Allow},
		{"bash", "git push", engine.Ask},
		{"bash", "git push origin main", engine.Ask},
		{"bash", "rm -rf x", engine.Deny},
		{"read", ".env", engine.Deny},
		{"read", "src/a.go", engine.Allow},
		{"bash", "ls", engine.Ask},
	} {
		if got := pol.DecideTool(c.tool, c.value).Action; got != c.want {
			t.Errorf("%s %q: got %s, want %s\npersona:\n%s", c.tool, c.value, got, c.want, text)
		}
	}
}
