package engine

import "testing"

// TestDecisionRefPointsAtTheDecidingRule: every layer reports where it found the rule, and of
// identical rules in several layers, guards files or positions the reference names the one
// that decided, not the first equal one.
func TestDecisionRefPointsAtTheDecidingRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		persona, session Ruleset
		guards           []Ruleset
		tool, value      string
		want             RuleRef
	}{
		{
			name:    "persona",
			persona: rules("bash", "ls", "deny", "bash", "*", "allow", "bash", "ls", "deny"),
			tool:    "bash", value: "ls",
			want: RuleRef{Layer: LayerPersona, Index: 2},
		},
		{
			name:    "session over an identical persona rule",
			persona: rules("bash", "ls", "allow", "bash", "*", "ask"),
			session: rules("bash", "git *", "allow", "bash", "ls", "allow"),
			tool:    "bash", value: "ls",
			want: RuleRef{Layer: LayerSession, Index: 1},
		},
		{
			name:    "guard over an identical persona rule",
			persona: rules("bash", "rm x", "deny", "bash", "rm *", "allow"),
			guards:  []Ruleset{rules("bash", "cp *", "ask", "bash", "rm x", "deny")},
			tool:    "bash", value: "rm x",
			want: RuleRef{Layer: LayerGuard, Index: 1},
		},
		{
			name:    "second guards file over an identical rule of the first",
			persona: rules("bash", "*", "allow"),
			guards:  []Ruleset{rules("bash", "rm *", "deny", "bash", "rm x", "ask"), rules("bash", "rm *", "deny")},
			tool:    "bash", value: "rm x",
			want: RuleRef{Layer: LayerGuard, Set: 1, Index: 0},
		},
		{
			name:    "the persona's rule when the guard's identical one lost",
			persona: rules("bash", "git *", "deny"),
			guards:  []Ruleset{rules("bash", "git *", "deny", "bash", "git status", "allow")},
			tool:    "bash", value: "git status",
			want: RuleRef{Layer: LayerPersona, Index: 0},
		},
		{
			name:    "a shell unit decided by a guard",
			persona: rules("bash", "*", "allow"),
			guards:  []Ruleset{rules("bash", "echo *", "allow"), rules("bash", "git push *", "ask", "bash", "rm *", "deny")},
			tool:    "bash", value: "echo hi && rm -rf x",
			want: RuleRef{Layer: LayerGuard, Set: 1, Index: 1},
		},
		{
			name:    "a path",
			persona: rules("read", "*", "allow", "read", "~/.ssh/*", "deny"),
			tool:    "read", value: "~/.ssh/id",
			want: RuleRef{Layer: LayerPersona, Index: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Policy{Persona: CompileWithHome(tt.persona, "/home/u")}
			if tt.session != nil {
				p.Session = CompileWithHome(tt.session, "/home/u")
			}
			sets := map[Layer][]Ruleset{LayerPersona: {tt.persona}, LayerSession: {tt.session}, LayerGuard: tt.guards}
			for _, g := range tt.guards {
				p.Guards = append(p.Guards, CompileWithHome(g, "/home/u"))
			}
			d := p.DecideTool(tt.tool, tt.value)
			if d.Rule == nil || d.Ref != tt.want {
				t.Fatalf("Ref = %+v (rule %v), want %+v", d.Ref, d.Rule, tt.want)
			}
			// The reference names the very rule the decision carries.
			if got := &sets[d.Ref.Layer][d.Ref.Set][d.Ref.Index]; *got != *d.Rule {
				t.Errorf("rule at Ref = %v, decision's rule = %v", got, d.Rule)
			}
			// A unit, and a call of several values, carry the reference of their rule.
			for _, u := range d.Units {
				if u.Rule != nil && *u.Rule != sets[u.Ref.Layer][u.Ref.Set][u.Ref.Index] {
					t.Errorf("unit %q: rule at Ref %+v = %v, unit's rule = %v", u.Text, u.Ref, sets[u.Ref.Layer][u.Ref.Set][u.Ref.Index], u.Rule)
				}
			}
			if c := p.DecideToolValues(tt.tool, []string{"", tt.value}); c.Action == d.Action && c.Rule == d.Rule && c.Ref != d.Ref {
				t.Errorf("combined Ref = %+v, want %+v", c.Ref, d.Ref)
			}
		})
	}
}

func TestHiddenByNamesTheHidingRule(t *testing.T) {
	t.Parallel()
	persona := rules("read", "*", "deny", "bash", "*.sh", "deny", "bash", "*", "deny", "edit", "*", "allow")
	guards := []Ruleset{rules("webfetch", "x", "deny"), rules("edit", "*.env", "deny", "edit", "*", "deny")}
	p := &Policy{Persona: Compile(persona), Guards: []*Compiled{Compile(guards[0]), Compile(guards[1])}}
	tests := []struct {
		tool string
		want *Rule
		ref  RuleRef
	}{
		{"read", &persona[0], RuleRef{Layer: LayerPersona, Index: 0}},
		{"bash", &persona[2], RuleRef{Layer: LayerPersona, Index: 2}},
		{"edit", &guards[1][1], RuleRef{Layer: LayerGuard, Set: 1, Index: 1}},
		{"webfetch", nil, RuleRef{}},
	}
	for _, tt := range tests {
		r, ref := p.HiddenBy(tt.tool)
		if (r == nil) != (tt.want == nil) || r != nil && (*r != *tt.want || ref != tt.ref) {
			t.Errorf("HiddenBy(%s) = %v %+v, want %v %+v", tt.tool, r, ref, tt.want, tt.ref)
		}
		if p.Hidden(tt.tool) != (tt.want != nil) {
			t.Errorf("Hidden(%s) disagrees with HiddenBy", tt.tool)
		}
	}
}
