package serve

import (
	"fmt"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/personas"
)

// judge decides c by rule. With a chain of the runtime's agents (OpenCode's), the personas
// come from it by the subagent rule (decide.Resolve): the persona named like the first agent,
// the one the person chose, decides instead of the active one; a persona named like a later
// agent, a subagent, decides too, with every persona before it, and the most restrictive
// answer wins; a subagent without a persona of its name is decided by its callers'. Without a
// chain, c's own persona (c.Agent, or the active one) decides.
func (s *Server) judge(c gate.Call, chain []string) gate.Judgement {
	if len(chain) == 0 {
		return s.gate.Judge(c)
	}
	g := *s.gate
	g.Policy = func(c gate.Call) (string, *engine.Policy, error) { return s.chainPolicy(c, chain) }
	return g.Judge(c)
}

// chainPolicy composes what decides call c made under chain, and names who decides: the
// nearest persona, with the others on the chain.
func (s *Server) chainPolicy(c gate.Call, chain []string) (string, *engine.Policy, error) {
	d := s.Dirs(c.Cwd)
	cat := s.catalogs.load(d)
	st, _ := personas.LoadState(d)
	r, _, err := decide.Resolve(cat, st, decide.Who{Named: c.Agent, Runs: chain[0], Chain: chain[1:]})
	if err != nil {
		return "", nil, err
	}
	pol, _, err := decide.Policy(d, r, c.Session)
	if err != nil {
		return r.Name(), nil, fmt.Errorf("persona %q: %w", r.Persona().Name, err)
	}
	return r.Name(), pol, nil
}
