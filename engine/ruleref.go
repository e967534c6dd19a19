package engine

import "strconv"

// Layer says which ruleset of a Policy a rule belongs to (docs/rules.md).
type Layer uint8

// The layers of a Policy.
const (
	LayerPersona Layer = iota // Policy.Persona: the persona's own rules
	LayerSession              // Policy.Session: rules approved during a session
	LayerGuard                // one of Policy.Guards: a guards file
	LayerCaller               // one of Policy.Callers: the persona of an agent on the call's chain
)

// String is "persona", "session" or "guard".
func (l Layer) String() string {
	switch l {
	case LayerPersona:
		return "persona"
	case LayerSession:
		return "session"
	case LayerGuard:
		return "guard"
	case LayerCaller:
		return "caller"
	}
	return "layer(" + strconv.Itoa(int(l)) + ")"
}

// RuleRef locates the rule that decided within the Policy that decided: the engine knows where
// it found the rule, so nobody has to look for it again by comparing rules, which cannot tell
// two identical rules of different layers apart. A Compiled evaluated on its own reports
// LayerPersona.
type RuleRef struct {
	Layer Layer
	Set   int // for LayerGuard: the index in Policy.Guards of the deciding guards file; for LayerCaller: in Policy.Callers
	Index int // 0-based position of the rule in its ruleset
}
