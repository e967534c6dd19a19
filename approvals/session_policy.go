package approvals

import "github.com/agentmgr/agentmgr/engine"

// withSession returns a copy of p deciding with session rules s.
func withSession(p *engine.Policy, s *engine.Compiled) *engine.Policy {
	q := *p
	q.Session = s
	return &q
}
