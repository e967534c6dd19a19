package preview

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// The simulator shows the subagent rule: a subagent named like a persona is decided by it and
// by the session's persona, the stricter answer winning and naming its persona.
func TestSimulateASubagentsCall(t *testing.T) {
	t.Parallel()
	snap := testSnapshot()
	snap.Personas = append(snap.Personas, Persona{Name: "cleaner", Rules: rules("*", "*", "allow", "bash", "touch *", "deny")})
	tests := []struct {
		q       Query
		action  engine.Action
		by      string
		hidden  bool
		hasNote string
	}{
		// builder asks for rm; cleaner allows it: the session's ask stands.
		{Query{Persona: "builder", Subagent: "cleaner", Tool: "bash", Value: "rm x"}, engine.Ask, "builder", false, ""},
		// builder allows touch; cleaner denies it.
		{Query{Persona: "builder", Subagent: "cleaner", Tool: "bash", Value: "touch x"}, engine.Deny, "cleaner", false, ""},
		// planner hides bash: so does any subagent under it.
		{Query{Persona: "planner", Subagent: "cleaner", Tool: "bash", Value: "ls"}, engine.Deny, "planner", true, ""},
		{Query{Persona: "builder", Subagent: "general-purpose", Tool: "bash", Value: "touch x"}, engine.Allow, "builder", false, "is no persona"},
	}
	for _, tt := range tests {
		r, err := Simulate(snap, tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Decision.Action != tt.action || r.DecidedBy != tt.by || r.Hidden != tt.hidden || !strings.Contains(r.SubagentNote, tt.hasNote) {
			t.Errorf("%+v = %s by %q (hidden %v, note %q), want %s by %q (hidden %v, note %q)", tt.q, r.Decision.Action, r.DecidedBy, r.Hidden, r.SubagentNote, tt.action, tt.by, tt.hidden, tt.hasNote)
		}
	}
}
