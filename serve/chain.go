package serve

import (
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
)

// judge decides c by rule with every persona the runtime's agent chain names, and returns the
// strictest judgement (deny over ask over allow; between equals, the caller's) and the call
// as that persona judged it. With no chain, c's own persona (the active one, or c.Agent)
// decides alone.
//
// The first agent of the chain is the one the person chose in the runtime: a persona named
// like it decides instead of the active one. A later agent is a subagent: a persona named
// like it decides too, and the caller's still binds it; a subagent without a persona of its
// name is decided by its caller's.
func (s *Server) judge(c gate.Call, chain []string) (gate.Call, gate.Judgement) {
	names := s.chainPersonas(c, chain)
	if len(names) <= 1 {
		if len(names) == 1 {
			c.Agent = names[0]
		}
		return c, s.gate.Judge(c)
	}
	// The personas are judged without recording; the one whose answer stands is judged again
	// by the recording gate, so that the review log holds one line per call.
	quiet := &gate.Gate{Policy: s.policy}
	best, bestCall := gate.Judgement{}, c
	for i, name := range names {
		ci := c
		ci.Agent = name
		j := quiet.Judge(ci)
		if i == 0 || strictness(j.Verdict.Action) > strictness(best.Verdict.Action) {
			best, bestCall = j, ci
		}
	}
	if best.Verdict.Action == engine.Ask {
		// An ask is recorded by whoever settles it.
		return bestCall, best
	}
	return bestCall, s.gate.Judge(bestCall)
}

// chainPersonas are the personas that decide a call made under chain: "" stands for the
// active persona. Names that name no persona are skipped, each persona counts once.
func (s *Server) chainPersonas(c gate.Call, chain []string) []string {
	if len(chain) == 0 {
		return nil
	}
	cat := s.catalogs.load(s.Dirs(c.Cwd))
	out := []string{c.Agent}
	if _, ok := cat.Lookup(chain[0]); ok && c.Agent == "" {
		out[0] = chain[0]
	}
	for _, name := range chain[1:] {
		if _, ok := cat.Lookup(name); ok && !contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// strictness orders actions: a stricter one wins over a looser one.
func strictness(a engine.Action) int {
	switch a {
	case engine.Allow:
		return 0
	case engine.Ask:
		return 1
	}
	return 2
}
