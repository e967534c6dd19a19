package serve

import (
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// judge decides c by rule, with the personas decide.For resolves for it, as every adapter
// does. With a chain of the runtime's agents (OpenCode's), the persona named like the first
// agent, the one the person chose, decides instead of the active one; a persona named like a
// later agent, a subagent, decides too, with every persona before it, and the most
// restrictive answer wins; a subagent without a persona of its name is decided by its
// callers'. Without a chain, c's own persona (c.Agent, or the active one) decides. The
// problems found on the way (a broken state or guards file) are returned, to be told.
func (s *Server) judge(c decide.Call, chain []string) (decide.Judgement, []personas.Problem) {
	var probs []personas.Problem
	j := s.decider.Judge(c, func(c decide.Call) (string, *engine.Policy, error) {
		name, pol, p, err := s.resolve(c, chain)
		probs = p
		return name, pol, err
	})
	return j, probs
}

// resolve is the decide.PolicyFunc for call c made under chain: who decides, named for
// reasons and the log, and the policy they decide with.
func (s *Server) resolve(c decide.Call, chain []string) (string, *engine.Policy, []personas.Problem, error) {
	who := decide.Who{Named: c.Agent}
	if len(chain) > 0 {
		who.Runs, who.Chain = chain[0], chain[1:]
	}
	d := s.dirs(c.Cwd)
	r, pol, probs, err := s.prepared.For(d, s.catalog(d), who, c.SessionKey())
	if err != nil {
		name := ""
		if r.Session != nil {
			name = r.Name()
		}
		return name, nil, probs, err
	}
	return r.Name(), pol, probs, nil
}

// warnings are problems as the client shows them.
func warnings(probs []personas.Problem) []string {
	var out []string
	for _, p := range probs {
		out = append(out, p.Error())
	}
	return out
}

// catalog loads the persona catalog of d, for a decision no prepared answer gives.
func (s *Server) catalog(d locations.Dirs) func() *personas.Catalog {
	return func() *personas.Catalog { return s.catalogs.Load(d) }
}
