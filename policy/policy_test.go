package policy

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
)

func TestForComposesGuardsSessionAndYolo(t *testing.T) {
	t.Parallel()
	d := dirs(t, "edit:\n  \"*.env\": deny\n", "bash:\n  \"curl *\": ask\n")
	persona := &personas.Persona{Name: "b", Rules: engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Ask, Source: engine.Source{Kind: engine.FromFile, Name: "b.md", Line: 4}},
		{Permission: "bash", Pattern: "curl *", Action: engine.Allow, Source: engine.Source{Kind: engine.FromFile, Name: "b.md", Line: 5}},
	}}
	trusted(t, d)
	if _, err := sessions.Open(d).Put("s1", engine.Ruleset{{Permission: "edit", Pattern: "src/*", Action: engine.Allow}}, 0, approvals.OperatorAuthority); err != nil {
		t.Fatal(err)
	}
	type call struct {
		tool, value string
		want        engine.Action
		source      string
	}
	check := func(name, session string, calls []call) {
		t.Helper()
		pol, probs, err := For(d, persona, session)
		if err != nil || len(probs) != 0 {
			t.Fatalf("%s: For = %v, %v", name, probs, err)
		}
		for _, c := range calls {
			got := pol.DecideTool(c.tool, c.value)
			if got.Action != c.want || got.Source() != c.source {
				t.Errorf("%s: %s %q = %s from %s, want %s from %s", name, c.tool, c.value, got.Action, got.Source(), c.want, c.source)
			}
		}
	}
	check("no session", "", []call{
		{"edit", "src/a.go", engine.Ask, "b.md:4"},
		{"edit", "src/.env", engine.Deny, "guard"},
		{"bash", "curl x", engine.Ask, "guard"},
	})
	check("session", "s1", []call{
		{"edit", "src/a.go", engine.Allow, "session"},
		{"edit", "src/.env", engine.Deny, "guard"},
		{"edit", "docs/a.md", engine.Ask, "b.md:4"},
	})
	testfiles.Write(t, d.StateFile(), `{"active": "b", "yolo": true}`)
	check("yolo", "s1", []call{
		{"edit", "docs/a.md", engine.Allow, "b.md:4"},
		{"bash", "curl x", engine.Ask, "guard"}, // yolo never loosens a guard
		{"edit", "src/.env", engine.Deny, "guard"},
	})
	if _, _, err := For(d, persona, "../etc"); err == nil || !strings.Contains(err.Error(), "invalid session id") {
		t.Errorf("For with a bad session id: err = %v, want it refused", err)
	}
}

// A project's guards file is a second, separate set: it can add a protection but never lift
// one of the user's, whatever it says about the same calls.
func TestProjectGuardsNeverLiftTheUsersGuard(t *testing.T) {
	t.Parallel()
	d := dirs(t, "edit:\n  \"*.env\": deny\nbash:\n  \"git push *\": ask\n", "edit:\n  \"*\": allow\nbash:\n  \"*\": allow\n  \"rm *\": deny\n")
	trusted(t, d)
	pol := forOpen(t, d)
	tests := []struct {
		tool, value string
		want        engine.Action
	}{
		{"edit", "prod.env", engine.Deny},
		{"bash", "git push origin", engine.Ask},
		{"bash", "rm -rf x", engine.Deny}, // the project's own protection applies
		{"edit", "main.go", engine.Allow},
	}
	for _, tt := range tests {
		if got := pol.DecideTool(tt.tool, tt.value); got.Action != tt.want {
			t.Errorf("%s %q = %s (%s), want %s", tt.tool, tt.value, got.Action, got.Source(), tt.want)
		}
	}
}
