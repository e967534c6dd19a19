package preview

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/sessions"
)

// TestSimulatorDecidesAsTheGate: the simulator, fed what the app reads from disk, gives every
// call the action and the deciding rule (layer, guards file, position) of the policy the gate
// composes from the same files.
func TestSimulatorDecidesAsTheGate(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	for path, data := range map[string]string{
		d.GlobalGuards():  "edit:\n  \"*.env\": deny\nbash:\n  \"rm *\": deny\n",
		d.ProjectGuards(): "bash:\n  \"curl *\": ask\n  \"rm *\": deny\n",
		d.StateFile():     `{"active": "b", "yolo": true}`,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	persona := &personas.Persona{Name: "b", Rules: rules("*", "*", "ask", "bash", "curl *", "allow", "bash", "rm *", "deny", "edit", "~/notes/*", "allow")}
	session := engine.Ruleset{{Permission: "edit", Pattern: "src/*", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession}}}
	store := sessions.Open(d)
	if _, err := store.Put("s1", session, 0, approvals.OperatorAuthority); err != nil {
		t.Fatal(err)
	}
	files, _ := policy.AllGuards(d) // as the app reads them: the built-in guard first
	state, _ := personas.LoadState(d)
	snap := &Snapshot{
		Personas: []Persona{{Name: "b", Rules: persona.Rules}},
		Active:   "b",
		Session: func(id string) (engine.Ruleset, error) {
			s, err := store.Get(id)
			return s.Rules, err
		},
		Options: Options{Yolo: state.Yolo},
	}
	for _, f := range files {
		snap.Guards = append(snap.Guards, f.Rules)
	}
	calls := []struct{ tool, value string }{
		{"edit", "src/a.go"}, {"edit", "src/.env"}, {"edit", "docs/a.md"}, {"edit", "~/notes/x"},
		{"bash", "curl x"}, {"bash", "rm -rf x"}, {"bash", "ls && curl y"}, {"read", "a"},
	}
	for _, session := range []string{"", "s1"} {
		gate, _, err := policy.For(d, persona, session)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range calls {
			want := gate.DecideTool(c.tool, c.value)
			got, err := Simulate(snap, Query{Tool: c.tool, Value: c.value, Session: session})
			if err != nil {
				t.Fatal(err)
			}
			if got.Decision.Action != want.Action || got.Decision.Source() != want.Source() || got.Decision.Ref != want.Ref {
				t.Errorf("session %q, %s %q: simulator %s by %s %+v, gate %s by %s %+v", session, c.tool, c.value,
					got.Decision.Action, got.Decision.Source(), got.Decision.Ref, want.Action, want.Source(), want.Ref)
			}
		}
	}
}
