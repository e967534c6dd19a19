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

// A deny on a path pattern never hides the whole tool: Claude Code denies what it matches and
// asks for other edits, and the report says the result is changed from a literal copy, and why.
func TestImportClaudeSettingsDenyOnAPathDoesNotHideTheTool(t *testing.T) {
	it, err := ImportClaudeSettings("settings.json", "secrets", []byte(`{"permissions": {"deny": ["Edit(./secrets/**)"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	p, text, err := it.Draft.Persona("secrets.md")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	pol := engine.NewPolicy(p.Rules)
	for _, tool := range []string{"edit", "write", "apply_patch"} {
		if pol.Hidden(tool) {
			t.Errorf("%s is hidden; Claude Code would only ask for edits outside secrets/\n%s", tool, text)
		}
	}
	for _, c := range []struct {
		tool, value string
		want        engine.Action
	}{
		{"edit", "secrets/key.pem", engine.Deny},
		{"edit", "src/main.go", engine.Ask},
		{"bash", "ls", engine.Ask},
		{"webfetch", "https://example.com", engine.Ask},
		{"read", "src/main.go", engine.Allow},
	} {
		if got := pol.DecideTool(c.tool, c.value).Action; got != c.want {
			t.Errorf("%s %q: got %s, want %s (as Claude Code decides)\n%s", c.tool, c.value, got, c.want, text)
		}
	}
	found := false
	for _, c := range it.Report.Changed {
		if c.What == "deny Edit(./secrets/**)" && c.Why != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("the report does not say the deny rule was changed, and why: %+v", it.Report.Changed)
	}
}
