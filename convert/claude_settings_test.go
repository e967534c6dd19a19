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
	_, pol, text := importClaudeSettings(t, "claude-settings", acceptanceSettings)
	checkPersonaDecides(t, pol, text, []toolCase{
		{"bash", "git diff HEAD", engine.Allow},
		{"bash", "git push", engine.Ask},
		{"bash", "git push origin main", engine.Ask},
		{"bash", "rm -rf x", engine.Deny},
		{"read", ".env", engine.Deny},
		{"read", "src/a.go", engine.Allow},
		{"bash", "ls", engine.Ask},
	})
}

// A deny on a path pattern never hides the whole tool: Claude Code denies what it matches and
// asks for other edits, and the report says the result is changed from a literal copy, and why.
func TestImportClaudeSettingsDenyOnAPathDoesNotHideTheTool(t *testing.T) {
	it, pol, text := importClaudeSettings(t, "secrets", `{"permissions": {"deny": ["Edit(./secrets/**)"]}}`)
	for _, tool := range []string{"edit", "write", "apply_patch"} {
		if pol.Hidden(tool) {
			t.Errorf("%s is hidden; Claude Code would only ask for edits outside secrets/\n%s", tool, text)
		}
	}
	checkPersonaDecides(t, pol, text, []toolCase{
		{"edit", "secrets/key.pem", engine.Deny},
		{"edit", "src/main.go", engine.Ask},
		{"bash", "ls", engine.Ask},
		{"webfetch", "https://example.com", engine.Ask},
		{"read", "src/main.go", engine.Allow},
	})
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

// importClaudeSettings imports the Claude Code settings src as the persona name, and returns
// the import, the persona's policy and the persona file's text.
func importClaudeSettings(t *testing.T, name, src string) (*Item, *engine.Policy, []byte) {
	t.Helper()
	it, err := ImportClaudeSettings("settings.json", name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, text, err := it.Draft.Persona(name + ".md")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return it, engine.NewPolicy(p.Rules), text
}

// toolCase is a call, by its permission key and value, and what a persona must decide.
type toolCase struct {
	tool, value string
	want        engine.Action
}

// checkPersonaDecides checks what pol decides for each case; text is the persona file, shown
// with a wrong answer.
func checkPersonaDecides(t *testing.T, pol *engine.Policy, text []byte, cases []toolCase) {
	t.Helper()
	for _, c := range cases {
		if got := pol.DecideTool(c.tool, c.value).Action; got != c.want {
			t.Errorf("%s %q: got %s, want %s\npersona:\n%s", c.tool, c.value, got, c.want, text)
		}
	}
}
