package engine

import "github.com/agentmgr/agentmgr/mapping"

// HiddenKey reports whether tools of permission key are hidden (docs/rules.md): the last rule
// whose permission matches key is a `*` deny, or every rule matching key denies. A key no rule
// names is not hidden (it asks), and ask never hides.
func (c *Compiled) HiddenKey(key string) bool {
	cands := c.candidates(key)
	if len(cands) == 0 {
		return false
	}
	if c.deniesOutright(cands) {
		return true
	}
	for _, i := range cands {
		if c.rules[i].Action != Deny {
			return false
		}
	}
	return true
}

// deniesOutright reports whether the last of the candidate rules is a `*` deny, so that every
// value of the key is denied.
func (c *Compiled) deniesOutright(cands []int32) bool {
	if len(cands) == 0 {
		return false
	}
	last := &c.rules[cands[len(cands)-1]]
	return last.catchAll && last.Action == Deny
}

// HiddenTool reports whether tool is hidden by these rules.
func (c *Compiled) HiddenTool(tool string) bool {
	return c.HiddenKey(mapping.KeyForTool(tool))
}

// SplitTools partitions tools, in order, into the hidden ones and the active ones.
func (p *Policy) SplitTools(tools []string) (hidden, active []string) {
	hidden, active = []string{}, []string{}
	for _, t := range tools {
		if p.Hidden(t) {
			hidden = append(hidden, t)
		} else {
			active = append(active, t)
		}
	}
	return hidden, active
}

// Mode is the permission mode pi's guard envelope reports.
type Mode string

// Permission modes, from docs/rules.md.
const (
	ModePlan        Mode = "plan"
	ModeBypass      Mode = "bypassPermissions"
	ModeAcceptEdits Mode = "acceptEdits"
	ModeDefault     Mode = "default"
)

// Mode is derived from evaluate("*","*"): deny is plan; allow is bypassPermissions unless some
// rule asks, then acceptEdits; anything else is default.
func (c *Compiled) Mode() Mode {
	switch c.Evaluate("*", "*").Action {
	case Deny:
		return ModePlan
	case Allow:
		if c.hasAsk {
			return ModeAcceptEdits
		}
		return ModeBypass
	}
	return ModeDefault
}

// RestrictsKey reports whether the rules keep any call of key from being allowed unseen: a
// rule for key asks or denies some value, or no rule decides key at all (the default ask).
func (c *Compiled) RestrictsKey(key string) bool {
	cands := c.candidates(key)
	if len(cands) == 0 {
		return true
	}
	for _, i := range cands {
		if c.rules[i].Rule.Action != Allow {
			return true
		}
	}
	return false
}

// Restricts reports whether the persona, or any persona on the call's chain, restricts key
// (Compiled.RestrictsKey). Guards are left out: they protect a few values of every persona,
// and would make every persona restrict everything.
func (p *Policy) Restricts(key string) bool {
	if p.Persona.RestrictsKey(key) {
		return true
	}
	for _, c := range p.Callers {
		if c.Rules.RestrictsKey(key) {
			return true
		}
	}
	return false
}
