package decide

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
)

// Who says who makes a call.
type Who struct {
	// Pinned is the persona the runtime pins the session to (gate --agent, an exported
	// subagent's hook); "" for none.
	Pinned string
	// Named is the persona the request names (gate json's "agent"); it must exist, and must
	// be Pinned when both are set.
	Named string
	// Runs is the persona the session says it runs, used when a persona of that name exists
	// (Claude Code's agent_type in a session started with --agent NAME); otherwise the session
	// persona is the pinned, named or active one and the name is reported as unknown.
	Runs string
	// Chain are the agent types between the session and the call, outermost first (a
	// subagent's call: the subagent's name last).
	Chain []string
}

// Names are the persona names the resolution may look up, for a catalog that loads only
// those (personas.LoadNamed); the active persona and the default must be loaded too.
func (w Who) Names() []string {
	out := []string{w.Pinned, w.Named, w.Runs}
	return append(out, w.Chain...)
}

// Link is one agent on the chain.
type Link struct {
	Name    string            // the agent type as the runtime names it
	Persona *personas.Persona // nil when no persona has that name: its caller decides for it
}

// Resolution is who decides a call: the session's persona and the chain of agents after it.
type Resolution struct {
	Session *personas.Persona
	Chain   []Link
	// Unknown are the names (on the chain, or Who.Runs) that are no persona, in order.
	Unknown []string
}

// Resolve finds the personas that decide a call of who. state names the active persona, used
// when nothing pins or names one. An unknown pinned or named persona is an error; an unknown
// name on the chain is not (the caller decides for that agent) but is listed in Unknown.
func Resolve(cat *personas.Catalog, state personas.State, who Who) (Resolution, []personas.Problem, error) {
	var r Resolution
	var probs []personas.Problem
	name := who.Pinned
	switch {
	case who.Pinned != "" && who.Named != "" && !strings.EqualFold(who.Named, who.Pinned):
		return r, nil, fmt.Errorf("the request names persona %q, but this gate is pinned to %q with --agent", who.Named, who.Pinned)
	case name == "":
		name = who.Named
	}
	chain := who.Chain
	if who.Runs != "" {
		if p, ok := cat.Lookup(who.Runs); ok && name == "" {
			name = p.Name
		} else if ok && !strings.EqualFold(p.Name, name) {
			// A session pinned to one persona that says it runs another is decided by both.
			chain = append([]string{who.Runs}, chain...)
		} else if !ok {
			r.Unknown = append(r.Unknown, who.Runs)
		}
	}
	if name != "" {
		p, ok := cat.Lookup(name)
		if !ok {
			return r, nil, notFound(cat, name)
		}
		r.Session = p
	} else {
		r.Session, probs = personas.ActivePersona(cat, state)
		if r.Session == nil {
			return r, probs, fmt.Errorf("the default persona %q is not in the catalog", builtin.Default)
		}
	}
	for _, n := range chain {
		p, ok := cat.Lookup(n)
		if !ok {
			r.Unknown = append(r.Unknown, n)
			p = nil
		}
		r.Chain = append(r.Chain, Link{Name: n, Persona: p})
	}
	return r, probs, nil
}

// notFound explains a name the catalog does not have; when a file of that name failed to load,
// its error is the answer.
func notFound(c *personas.Catalog, name string) error {
	for _, pr := range c.Problems() {
		base := strings.TrimSuffix(pr.File[strings.LastIndexAny(pr.File, `/\`)+1:], ".md")
		if pr.Severity == personas.Error && strings.HasSuffix(pr.File, ".md") && strings.EqualFold(base, name) {
			return fmt.Errorf("persona %q did not load: %s", strings.ToLower(name), pr.Error())
		}
	}
	if why := c.WhyNotFound(name); why != "" {
		return fmt.Errorf("no persona named %q is in use: %s", name, why)
	}
	return fmt.Errorf("no persona named %q; `agentmgr list` shows them", name)
}

// Deciders are the personas that decide the call, outermost (the session's) first, each once:
// the session's persona and every persona on the chain.
func (r Resolution) Deciders() []*personas.Persona {
	out := []*personas.Persona{r.Session}
	seen := map[string]bool{r.Session.Name: true}
	for _, l := range r.Chain {
		if l.Persona != nil && !seen[l.Persona.Name] {
			seen[l.Persona.Name] = true
			out = append(out, l.Persona)
		}
	}
	return out
}

// Persona is the persona nearest the call: the last on the chain that is one, else the
// session's.
func (r Resolution) Persona() *personas.Persona {
	d := r.Deciders()
	return d[len(d)-1]
}

// Name says who decides, for reasons and the log: the nearest persona, followed by the others
// of the chain ("cleaner, with builder"), and the agent types that are no persona.
func (r Resolution) Name() string {
	d := r.Deciders()
	s := d[len(d)-1].Name
	if len(d) > 1 {
		others := make([]string, 0, len(d)-1)
		for _, p := range d[:len(d)-1] {
			others = append(others, p.Name)
		}
		s += ", with " + strings.Join(others, " and ")
	}
	return s
}

// Note says which agent types are no persona and so were decided by their caller; "" when
// every name on the chain is a persona.
func (r Resolution) Note() string {
	if len(r.Unknown) == 0 {
		return ""
	}
	// Unquoted: the note ends up inside a quoted persona name in the gate's reasons.
	what := "agent type " + r.Unknown[0] + " is"
	if len(r.Unknown) > 1 {
		what = "agent types " + strings.Join(r.Unknown, ", ") + " are"
	}
	return what + " no persona, so the calling agent's persona decides for it"
}

// Policy composes the policy that decides the call: every decider's rules (the most
// restrictive answer wins; Decider names who gave it), guards, yolo and the rules of each
// session named, in order ("" names none; a pi subagent's call names its parent session and
// its own rules in it).
func Policy(dirs locations.Dirs, r Resolution, sessions ...string) (*engine.Policy, []personas.Problem, error) {
	return policy.ForChain(dirs, r.Deciders(), sessions...)
}

// For is the one way from who makes a call to what decides it: it reads the state file (the
// active persona), resolves who in cat (Resolve) and composes the policy of the deciders with
// guards, yolo and the rules of the sessions named (Policy). The problems are every one found
// on the way, the state file's and the guards files' included, for the adapter to report:
// none is dropped.
func For(dirs locations.Dirs, cat *personas.Catalog, who Who, sessions ...string) (Resolution, *engine.Policy, []personas.Problem, error) {
	state, probs := personas.LoadState(dirs)
	r, more, err := Resolve(cat, state, who)
	probs = append(probs, more...)
	if err != nil {
		return r, nil, probs, err
	}
	pol, more, err := Policy(dirs, r, sessions...)
	probs = append(probs, more...)
	if err != nil {
		return r, nil, probs, fmt.Errorf("persona %q: %w", r.Name(), err)
	}
	return r, pol, probs, nil
}
