package personas

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

const effectsPersona = `---
description: effects opt-out
permissions:
  bash:
    "*": allow
    "rm *": {action: deny, effects: false}
    "curl *": {action: ask, reason: "no downloads", effects: true}
    "sudo *": deny
---
Body.
`

func TestActionObjectEffects(t *testing.T) {
	t.Parallel()
	p, probs := Parse("x.md", []byte(effectsPersona), ScopeGlobal)
	if len(Errors(probs)) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	want := []bool{false, true, false, false}
	for i, r := range p.Rules {
		if r.NoEffects != want[i] {
			t.Errorf("rule %d %s: NoEffects = %v, want %v", i+1, r, r.NoEffects, want[i])
		}
	}
}

func TestActionObjectEffectsBadValue(t *testing.T) {
	t.Parallel()
	bad := strings.Replace(effectsPersona, "effects: false", "effects: maybe", 1)
	_, probs := Parse("x.md", []byte(bad), ScopeGlobal)
	errs := Errors(probs)
	if len(errs) == 0 || !strings.Contains(errs[0].Error(), "effects") || !strings.Contains(errs[0].Error(), "expected true or false") {
		t.Fatalf("problems = %v, want an error naming effects and what was expected", probs)
	}
	if !strings.Contains(errs[0].Error(), "x.md:6:") {
		t.Errorf("error %q does not carry the file and line", errs[0].Error())
	}
}

func TestActionObjectEffectsKeptOnWrite(t *testing.T) {
	t.Parallel()
	d, err := NewDocument("x.md", []byte(effectsPersona), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	// Changing the action keeps effects: false; setting NoEffects on another rule writes it.
	r := d.Rules()[1]
	r.Action = engine.Ask
	if err := d.SetRule(1, r); err != nil {
		t.Fatal(err)
	}
	s := d.Rules()[3]
	s.NoEffects = true
	if err := d.SetRule(3, s); err != nil {
		t.Fatal(err)
	}
	out := string(d.Bytes())
	for _, want := range []string{`"rm *": {action: ask, effects: false}`, `"sudo *": {action: deny, effects: false}`, `reason: "no downloads", effects: true}`} {
		if !strings.Contains(out, want) {
			t.Errorf("written file lacks %s:\n%s", want, out)
		}
	}
	again, probs := Parse("x.md", []byte(out), ScopeGlobal)
	if len(Errors(probs)) > 0 || !again.Rules[1].NoEffects || !again.Rules[3].NoEffects {
		t.Errorf("the written file does not read back with the opt-outs: %v %v", again.Rules, probs)
	}
}
