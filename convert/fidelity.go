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

// next counts one more source rule, exact until marked, and returns how to mark it: an
// import counts the source's rules as it reads them.
func (rv *ruleVerdicts) next() func(v int) {
	*rv = append(*rv, ruleExact)
	i := len(*rv) - 1
	return func(v int) { (*rv).mark(i, v) }
}

// widenedBy is the verdict for a rule of action a that now matches more calls than it said:
// an allow lets more run (looser), a deny stops more (stricter), and an ask is counted looser,
// the conservative side, since what it takes from other rules may have been a deny.
func widenedBy(a engine.Action) int {
	if a == engine.Deny {
		return ruleStricter
	}
	return ruleLooser
}

// narrowedBy is the verdict for a rule of action a that now matches fewer calls, which other
// rules decide: an allow allows less (stricter), a deny or an ask stops less (looser).
func narrowedBy(a engine.Action) int {
	if a == engine.Allow {
		return ruleStricter
	}
	return ruleLooser
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
