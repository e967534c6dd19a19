package preview

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// TestSimulateNamesTheDecidingRuleAmongIdenticalOnes: rules given inline carry no telling
// source, so two identical rules in different layers (or guards files) can only be told apart
// by where the engine found the one that decided.
func TestSimulateNamesTheDecidingRuleAmongIdenticalOnes(t *testing.T) {
	t.Parallel()
	inline := func(triples ...string) engine.Ruleset {
		rs := rules(triples...)
		for i := range rs {
			rs[i].Source = engine.Source{Kind: engine.FromRequest}
		}
		return rs
	}
	tests := []struct {
		name             string
		persona, session engine.Ruleset
		guards           []engine.Ruleset
		value            string
		want             RuleRef
	}{
		{
			name:    "the session's copy decides, not the persona's",
			persona: inline("bash", "ls", "allow", "bash", "*", "ask"),
			session: inline("bash", "ls", "allow"),
			value:   "ls",
			want:    RuleRef{Layer: LayerSession, Index: 0},
		},
		{
			name:    "the guard's copy decides, not the persona's",
			persona: inline("bash", "rm x", "deny", "bash", "rm *", "allow"),
			guards:  []engine.Ruleset{inline("bash", "rm x", "deny")},
			value:   "rm x",
			want:    RuleRef{Layer: LayerGuard, Set: 0, Index: 0},
		},
		{
			name:    "the second guards file's copy decides, not the first's",
			persona: inline("bash", "*", "allow"),
			guards:  []engine.Ruleset{inline("bash", "rm *", "deny", "bash", "rm x", "ask"), inline("bash", "rm *", "deny")},
			value:   "rm x",
			want:    RuleRef{Layer: LayerGuard, Set: 1, Index: 0},
		},
		{
			name:    "the later of two identical persona rules decides",
			persona: inline("bash", "ls", "deny", "bash", "*", "allow", "bash", "ls", "deny"),
			value:   "ls",
			want:    RuleRef{Layer: LayerPersona, Index: 2},
		},
		{
			name:    "the persona's copy decides, not the guard's that lost",
			persona: inline("bash", "git *", "deny"),
			guards:  []engine.Ruleset{inline("bash", "git *", "deny", "bash", "git status", "allow")},
			value:   "git status",
			want:    RuleRef{Layer: LayerPersona, Index: 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := &Snapshot{
				Personas: []Persona{{Name: "p", Rules: tt.persona}},
				Active:   "p",
				Guards:   tt.guards,
				Session:  func(string) (engine.Ruleset, error) { return tt.session, nil },
				Options:  Options{Home: testHome},
			}
			q := Query{Tool: "bash", Value: tt.value}
			if tt.session != nil {
				q.Session = "s"
			}
			r, err := Simulate(snap, q)
			if err != nil {
				t.Fatal(err)
			}
			for _, got := range []*RuleRef{r.Rule, r.Units[0].Rule} {
				if got == nil || got.Layer != tt.want.Layer || got.Set != tt.want.Set || got.Index != tt.want.Index {
					t.Fatalf("deciding rule = %+v, want %s set %d index %d", got, tt.want.Layer, tt.want.Set, tt.want.Index)
				}
			}
		})
	}
}
