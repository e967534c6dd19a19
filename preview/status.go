package preview

import (
	"strconv"

	"github.com/agentmgr/agentmgr/engine"
)

// Kind is a tool's status for a persona; see the package documentation.
type Kind uint8

// Statuses, in the order the matrix legend lists them.
const (
	KindAllow   Kind = iota // every value is allowed
	KindAsk                 // every value asks
	KindDeny                // every value is denied, yet the tool is offered
	KindDepends             // the rules decide different values differently
	KindHidden              // the agent never sees the tool
)

// Kinds lists every status in legend order.
var Kinds = []Kind{KindAllow, KindAsk, KindDeny, KindDepends, KindHidden}

// String is "allow", "ask", "deny", "depends" or "hidden".
func (k Kind) String() string {
	switch k {
	case KindAllow:
		return "allow"
	case KindAsk:
		return "ask"
	case KindDeny:
		return "deny"
	case KindDepends:
		return "depends"
	case KindHidden:
		return "hidden"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Letter is a one-character mark for the status, so that a matrix cell reads without colour.
func (k Kind) Letter() string {
	switch k {
	case KindAllow:
		return "A"
	case KindAsk:
		return "?"
	case KindDeny:
		return "D"
	case KindDepends:
		return "~"
	case KindHidden:
		return "H"
	}
	return " "
}

// kindOf is the status of a tool that is offered and gets action a for every value.
func kindOf(a engine.Action) Kind {
	switch a {
	case engine.Allow:
		return KindAllow
	case engine.Ask:
		return KindAsk
	}
	return KindDeny
}

// Outcome is one decision the rules make for some value of a tool.
type Outcome struct {
	Action engine.Action
	Rule   *RuleRef // nil: no rule matched, the default ask
	// Example is the shortest value decided so. For a shell tool it is one command's text.
	Example string
}

// Status is what a persona does with one tool.
type Status struct {
	Tool string
	Key  string // the permission key the tool maps to
	Kind Kind
	// Rule decides the tool's ordinary values: for a uniform status the rule behind it, for
	// depends the rule for values no narrower pattern names, for hidden the rule that hides
	// the tool. Nil when no rule matches (the default ask).
	Rule *RuleRef
	// Outcomes lists every (action, rule) some value gets, persona rules first and in rule
	// order. A uniform status has outcomes of one action; depends has several actions.
	Outcomes []Outcome
	// Approximate is set when the rules were too intricate to visit every class of values
	// within the budget; Outcomes then lists those found.
	Approximate bool
}

// Actions returns the distinct actions of the outcomes, least restrictive first.
func (s Status) Actions() []engine.Action {
	var out []engine.Action
	for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
		for _, o := range s.Outcomes {
			if o.Action == a {
				out = append(out, a)
				break
			}
		}
	}
	return out
}
