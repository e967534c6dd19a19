package serve

import (
	"fmt"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

// PolicyView is the policy that decides a session's calls, layer by layer, every rule with
// where it is written: what pi's /agent-policy shows.
type PolicyView struct {
	Agent string `json:"agent"` // the persona deciding
	Yolo  bool   `json:"yolo"`  // asks of the persona's and the session's rules are allowed
	// Layers, the strictest first: guards (each file on its own), the personas of the callers
	// on a subagent's chain, the persona, then the session's rules. Within a layer the last
	// matching rule decides; between layers the most restrictive answer wins, except that
	// session rules may allow what the persona asks (never what it denies).
	Layers []PolicyLayer `json:"layers"`
	// Problems are those met resolving it (a broken state or guards file), with file:line:column.
	Problems []string `json:"problems,omitempty"`
}

// PolicyLayer is one set of rules of a policy.
type PolicyLayer struct {
	Kind  string       `json:"kind"` // builtin-guard, guard, caller, persona or session
	Name  string       `json:"name"` // the guards file, the persona, or the session
	Rules []PolicyRule `json:"rules"`
	// Summary stands for the rules of the built-in guard, which no file holds and which are
	// many (a path and a command form for each of agentmgr's files and commands).
	Summary string `json:"summary,omitempty"`
}

// PolicyRule is one rule and where it is written.
type PolicyRule struct {
	engine.Rule
	Where string `json:"where"`
}

// policy describes the policy that decides the calls of the request's session: the persona
// the active one (or req.Agent), a child's with the personas on its chain, and the session
// rules its calls are decided with.
func (s *Server) policy(req Request) Reply {
	if req.Session != "" {
		if err := approvals.ValidateSessionID(req.Session); err != nil {
			return Reply{ID: req.ID, Error: fmt.Sprintf(`"session": the session id cannot be used: %v`, err)}
		}
	}
	who := decide.Who{Named: req.Agent}
	keys := []string{req.Session}
	if req.Subagent != "" {
		ch := child{name: req.Subagent, parent: req.Parent, chain: req.Subagents}
		who.Chain = ch.names()
		keys = ch.ruleSessions(req.Session)
	}
	d := s.dirs(req.Cwd)
	r, pol, probs, err := decide.For(d, s.catalogs.Load(d), who, keys...)
	if err != nil || pol == nil {
		return Reply{ID: req.ID, Error: fmt.Sprintf("cannot tell which rules decide: %v", err)}
	}
	v := &PolicyView{Agent: r.Name(), Yolo: pol.Yolo, Problems: warnings(probs)}
	for _, g := range pol.Guards {
		rules := g.Rules()
		if len(rules) > 0 && rules[0].Source.Kind == engine.FromBuiltinGuard {
			v.Layers = append(v.Layers, PolicyLayer{Kind: "builtin-guard", Rules: []PolicyRule{}, Summary: fmt.Sprintf(
				"writing agentmgr's own files and running the agentmgr commands that change rules, state or trust always ask (%d rules; no persona drops them)", len(rules))})
			continue
		}
		name := ""
		if len(rules) > 0 {
			name = rules[0].Source.Name
		}
		v.add("guard", name, rules)
	}
	for _, c := range pol.Callers {
		v.add("caller", c.Name, c.Rules.Rules())
	}
	v.add("persona", pol.Name, pol.Persona.Rules())
	if pol.Session != nil {
		v.add("session", req.Session, pol.Session.Rules())
	}
	return Reply{ID: req.ID, Policy: v}
}

func (v *PolicyView) add(kind, name string, rules engine.Ruleset) {
	l := PolicyLayer{Kind: kind, Name: name, Rules: []PolicyRule{}}
	for _, r := range rules {
		l.Rules = append(l.Rules, PolicyRule{Rule: r, Where: r.Source.Location()})
	}
	v.Layers = append(v.Layers, l)
}
