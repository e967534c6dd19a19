package engine

import "github.com/agentmgr/agentmgr/mapping"

// DecideCall decides a call of tool with values: each value is decided on its own (a shell
// command unit by unit) and the parts are combined as DESIGN section 6 says. No values is
// decided as one empty value.
func (p *Policy) DecideCall(tool string, values []string) Decision {
	key := mapping.KeyForTool(tool)
	if len(values) == 0 {
		values = []string{""}
	}
	if !mapping.IsShellKey(key) {
		return p.DecideValues(key, values)
	}
	parts := make([]Decision, len(values))
	for i, v := range values {
		parts[i] = p.DecideShell(key, v)
	}
	return Combine(key, parts)
}

// withSession returns a copy of p deciding with session rules s.
func (p *Policy) withSession(s *Compiled) *Policy {
	q := *p
	q.Session = s
	return &q
}
