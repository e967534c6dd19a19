package preview

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func ruleTexts(rs engine.Ruleset) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return out
}

func TestLintFixes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules engine.Ruleset
		kind  engine.FindingKind
		label string
		after []string
	}{
		{"a duplicate is removed", rules("*", "*", "deny", "read", "*", "allow", "read", "*", "allow"),
			engine.LintDuplicate, "Remove rule 2", []string{"* * deny", "read * allow"}},
		{"a late catch-all moves to the top", rules("read", "*", "allow", "bash", "git *", "allow", "*", "*", "deny"),
			engine.LintCatchAllLate, "Move rule 3 to the top", []string{"* * deny", "read * allow", "bash git * allow"}},
		{"a shadowed rule with the same action is removed", rules("bash", "git status", "allow", "bash", "git *", "allow"),
			engine.LintShadowed, "Remove rule 1", []string{"bash git * allow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := Lint(Persona{Name: "p", Rules: tt.rules}, nil)
			i := slices.IndexFunc(ps, func(p Problem) bool { return p.Kind == tt.kind })
			if i < 0 {
				t.Fatalf("Lint(%v) = %+v, want a %s problem", tt.rules, ps, tt.kind)
			}
			fix := ps[i].Fix
			if fix == nil || fix.Label() != tt.label {
				t.Fatalf("%s problem fix = %+v, want %q", tt.kind, fix, tt.label)
			}
			got, err := fix.Apply(tt.rules)
			if err != nil {
				t.Fatalf("%s.Apply: %v", tt.label, err)
			}
			if !slices.Equal(ruleTexts(got), tt.after) {
				t.Errorf("%s on %v = %q, want %q", tt.label, ruleTexts(tt.rules), ruleTexts(got), tt.after)
			}
			if len(ruleTexts(tt.rules)) != len(tt.rules) || ruleTexts(tt.rules)[0] != tt.rules[0].Permission+" "+tt.rules[0].Pattern+" "+string(tt.rules[0].Action) {
				t.Errorf("Apply changed the rules it was given")
			}
		})
	}
}

func TestShadowedByADifferentActionHasNoFix(t *testing.T) {
	t.Parallel()
	ps := Lint(Persona{Rules: rules("bash", "rm *", "ask", "bash", "*", "deny")}, nil)
	for _, p := range ps {
		if p.Kind == engine.LintShadowed && p.Fix != nil {
			t.Errorf("removing a rule shadowed by one with another action is not a no-op, yet lint offers %q", p.Fix.Label())
		}
	}
}

func TestFixApplyRefusesStalePositions(t *testing.T) {
	t.Parallel()
	rs := rules("read", "*", "allow")
	for _, f := range []Fix{{Op: FixRemove, Rule: 3}, {Op: FixMove, Rule: 0, To: 5}, {Op: "swap", Rule: 0}} {
		if _, err := f.Apply(rs); err == nil {
			t.Errorf("%+v.Apply on one rule should fail", f)
		}
	}
}

func TestByRule(t *testing.T) {
	t.Parallel()
	ps := Lint(Persona{Rules: rules("read", "*", "allow", "read", "*", "allow", "*", "*", "deny"), Legacy: true}, nil)
	by := ByRule(ps, 3)
	var kinds []string
	for i, list := range by {
		for _, p := range list {
			kinds = append(kinds, string(p.Kind)+"@"+string(rune('1'+i)))
		}
	}
	got := strings.Join(kinds, " ")
	for _, want := range []string{"duplicate@1", "catch-all-late@3"} {
		if !strings.Contains(got, want) {
			t.Errorf("ByRule markers %q lack %s", got, want)
		}
	}
	if strings.Contains(got, "legacy") {
		t.Errorf("ByRule put the legacy note on a row: %q", got)
	}
}

func TestFixEffect(t *testing.T) {
	t.Parallel()
	c := NewCache(Options{Home: testHome})
	p := Persona{Name: "p", Rules: rules("read", "*", "allow", "bash", "*", "ask", "*", "*", "deny")}
	tools := []string{"read", "bash", "write"}
	got, err := c.Effect(p.Rules, Fix{Op: FixMove, Rule: 2, To: 0}, tools)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range got {
		texts = append(texts, c.String())
	}
	if want := []string{"read: hidden → allow", "bash: hidden → ask"}; !slices.Equal(texts, want) {
		t.Errorf("Effect of moving the catch-all first = %q, want %q", texts, want)
	}
	guarded := NewCache(Options{Home: testHome})
	guarded.SetGuards([]engine.Ruleset{guardRules("read", "*.env", "deny")})
	late := rules("read", "*", "allow", "*", "*", "ask")
	got, _ = guarded.Effect(late, Fix{Op: FixMove, Rule: 1, To: 0}, []string{"read"})
	if len(got) != 1 || got[0].String() != "read: ask or deny → allow or deny" {
		t.Errorf("a fix that changes the actions of a tool that depends on the input: %v", got)
	}
	dup := Persona{Name: "d", Rules: rules("read", "*", "allow", "read", "*", "allow")}
	if got, _ := c.Effect(dup.Rules, Fix{Op: FixRemove, Rule: 0}, tools); len(got) != 0 {
		t.Errorf("removing a duplicate changes %+v, want nothing", got)
	}
}
