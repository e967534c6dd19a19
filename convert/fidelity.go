package convert

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
)

// Fidelity counts a persona's rules by how a target enforces them: as written, changed
// (stricter or looser on some calls: the report's changes say which and why), or lost.
type Fidelity struct {
	Rules    int `json:"rules"`
	Exact    int `json:"exact"`
	Stricter int `json:"stricter"`
	Looser   int `json:"looser"`
	Lost     int `json:"lost"`
}

func (f *Fidelity) String() string {
	return fmt.Sprintf("%d of %d rules enforced as written, %d stricter, %d looser, %d lost", f.Exact, f.Rules, f.Stricter, f.Looser, f.Lost)
}

// Rule verdicts for fidelity counting; a rule takes the worst verdict it is given.
const (
	ruleExact = iota
	ruleStricter
	ruleLooser
	ruleLost
)

// ruleVerdicts tallies verdicts per rule of a persona.
type ruleVerdicts []int

func newRuleVerdicts(n int) ruleVerdicts { return make(ruleVerdicts, n) }

// mark gives rule i verdict v unless it already has a worse one.
func (rv ruleVerdicts) mark(i, v int) {
	if i >= 0 && i < len(rv) && v > rv[i] {
		rv[i] = v
	}
}

// markDecision marks the rule that decided d in rules as changed from ours to theirs.
func (rv ruleVerdicts) markDecision(rules engine.Ruleset, d engine.Decision, theirs engine.Action) {
	if d.Rule == nil || d.Action == theirs {
		return
	}
	v := ruleLooser
	if engine.Stricter(d.Action, theirs) == theirs {
		v = ruleStricter
	}
	for i, r := range rules {
		if r.Permission == d.Rule.Permission && r.Pattern == d.Rule.Pattern && r.Action == d.Rule.Action {
			rv.mark(i, v)
		}
	}
}

func (rv ruleVerdicts) fidelity() *Fidelity {
	f := &Fidelity{Rules: len(rv)}
	for _, v := range rv {
		switch v {
		case ruleExact:
			f.Exact++
		case ruleStricter:
			f.Stricter++
		case ruleLooser:
			f.Looser++
		default:
			f.Lost++
		}
	}
	return f
}
