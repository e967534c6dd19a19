package preview

import (
	"fmt"
	"slices"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// Snapshot is everything a what-if check reads: the personas as edited, the active persona,
// the guards files, and where session rules come from.
type Snapshot struct {
	Personas []Persona
	Active   string
	Guards   []engine.Ruleset
	// Session returns the rules of session id; nil when sessions are not available.
	Session func(id string) (engine.Ruleset, error)
	// SessionFile is the file session id's rules are kept in, whose stamp tells a prepared
	// check (Prepared) that they did not change without reading them; nil reads them at every
	// check.
	SessionFile func(id string) string
	Options     Options
	// Place is where the checked calls run: paths are decided under every name and, outside
	// the project, by external_directory too, as the gate decides them. nil matches paths as
	// spelt.
	Place *engine.Place
}

// Persona returns the persona called name, and whether there is one.
func (s *Snapshot) Persona(name string) (Persona, bool) {
	i := slices.IndexFunc(s.Personas, func(p Persona) bool { return p.Name == name })
	if i < 0 {
		return Persona{}, false
	}
	return s.Personas[i], true
}

// Query is one what-if check: how would Persona (the active one when empty) decide a call of
// Tool with Value, optionally with the rules approved in Session.
type Query struct {
	Persona string
	Tool    string
	Value   string
	Session string
	// Subagent, when set, checks the call as a subagent of that name makes it in a session
	// running Persona: a persona named like the subagent decides too, and the stricter answer
	// wins (the gate's subagent rule); a name that is no persona leaves it to Persona.
	Subagent string
}

// Result is the simulator's answer to a Query.
type Result struct {
	Query
	Agent  string // the persona that decided: Query.Persona, or the active persona
	Key    string // the permission key the tool maps to
	Hidden bool   // the tool is hidden for the persona: the agent would not even see it

	Decision engine.Decision
	Rule     *RuleRef // the deciding rule; nil for the default ask
	Units    []Unit   // one per shell command, for shell tools
	// Guard is the guard rule that decided the call or one of its commands, nil when no guard
	// had a say.
	Guard *RuleRef
	// Suggestions are the patterns an "always" reply would store, when the call asks.
	Suggestions []string
	// DecidedBy names the persona whose rule decided: Agent, or for a subagent's call the
	// strictest persona of its chain. SubagentNote says when the subagent's name is no persona.
	DecidedBy    string
	SubagentNote string
	// FailClosed is true when the call asks although the rule that matched allows it: the
	// shell analysis (a command it could not read, a non-literal command, code that needs a
	// naming rule) forced the ask, and Decision.Reason says why.
	FailClosed bool
}

// Unit is the decision of one command of a shell call.
type Unit struct {
	Text       string
	Permission string // edit or read for a file the command writes or reads; "" for a command
	Action     engine.Action
	Rule       *RuleRef
	Reason     string
	Suggestion string
	// FailClosed is true when the command asks although its matching rule allows it (see
	// Result.FailClosed).
	FailClosed bool
}

// Simulator answers what-if queries and remembers the last ones. It answers from the policy it
// prepared for the same question while its inputs are unchanged (Prepared).
type Simulator struct {
	// Limit is how many checks History keeps; DefaultHistory when 0.
	Limit    int
	history  []Result
	prepared Prepared
}

// DefaultHistory is how many checks a Simulator remembers unless told otherwise.
const DefaultHistory = 20

// Check decides q against snap and records it in the history.
func (s *Simulator) Check(snap *Snapshot, q Query) (Result, error) {
	r, err := s.Simulate(snap, q)
	if err != nil {
		return r, err
	}
	s.remember(r)
	return r, nil
}

// History returns the checks made, the newest first, each query once.
func (s *Simulator) History() []Result { return slices.Clone(s.history) }

func (s *Simulator) remember(r Result) {
	s.history = slices.DeleteFunc(s.history, func(old Result) bool { return old.Query == r.Query })
	s.history = slices.Insert(s.history, 0, r)
	limit := s.Limit
	if limit <= 0 {
		limit = DefaultHistory
	}
	if len(s.history) > limit {
		s.history = s.history[:limit]
	}
}

// Simulate decides q against snap without recording it, from the simulator's prepared
// policies; unlike Check, it may be called from any goroutine.
func (s *Simulator) Simulate(snap *Snapshot, q Query) (Result, error) {
	return simulate(&s.prepared, snap, q)
}

// Simulate decides q against snap without recording it, composing its policy anew.
func Simulate(snap *Snapshot, q Query) (Result, error) {
	return simulate(new(Prepared), snap, q)
}

func simulate(pr *Prepared, snap *Snapshot, q Query) (Result, error) {
	r := Result{Query: q, Agent: q.Persona, Key: mapping.KeyForTool(q.Tool)}
	if r.Agent == "" {
		r.Agent = snap.Active
	}
	if q.Tool == "" {
		return r, fmt.Errorf("choose a tool to check")
	}
	p, ok := snap.Persona(r.Agent)
	if !ok {
		return r, fmt.Errorf("there is no persona named %q; choose one from the list", r.Agent)
	}
	pol, unknown, err := pr.policy(snap, question{agent: r.Agent, subagent: q.Subagent, session: q.Session})
	if err != nil {
		return r, err
	}
	if len(unknown) > 0 {
		r.SubagentNote = fmt.Sprintf("subagent %q is no persona, so %s decides its calls", q.Subagent, p.Name)
	}
	if snap.Place != nil {
		pol = pol.At(snap.Place)
	}
	r.Hidden = pol.Hidden(q.Tool)
	// Decided as every adapter decides a call (decide.Judge): a tool agentmgr does not know and
	// a path call without a path are decided as the gate decides them; the value is the one
	// typed, so an empty command is decided as the empty command, as eval decides it.
	r.Decision = decide.Judge(pol, decide.ToolCall(q.Tool, q.Value, true))
	r.Rule = refOf(r.Decision.Rule, r.Decision.Ref)
	r.DecidedBy = pol.Decider(r.Decision.Ref)
	if r.Rule != nil && r.Rule.Layer == LayerGuard {
		r.Guard = r.Rule
	}
	r.FailClosed = failedClosed(r.Decision.Action, r.Decision.Rule)
	for _, u := range r.Decision.Units {
		ur := Unit{Text: u.Text, Permission: u.Permission, Action: u.Action, Rule: refOf(u.Rule, u.Ref), Reason: u.Reason, Suggestion: u.Suggestion, FailClosed: failedClosed(u.Action, u.Rule)}
		if r.Guard == nil && ur.Rule != nil && ur.Rule.Layer == LayerGuard {
			r.Guard = ur.Rule
		}
		r.Units = append(r.Units, ur)
	}
	if r.Decision.Action == engine.Ask {
		r.Suggestions = pol.Suggestions(q.Tool, []string{q.Value}, r.Decision)
	}
	return r, nil
}

// policy composes what decides a call of subagent (none when "") in a session running
// persona agent, as the gate composes it: who decides is resolved as every adapter resolves
// it (decide.Resolve over the snapshot's personas, as edited), and the nearest persona
// decides with the others as its callers, the session's rules and the snapshot's guards.
// unknown are the names on the chain that are no persona.
func (snap *Snapshot) policy(agent, subagent string, session engine.Ruleset) (pol *engine.Policy, unknown []string, err error) {
	list := make([]*personas.Persona, len(snap.Personas))
	for i, p := range snap.Personas {
		list[i] = &personas.Persona{Name: p.Name, Rules: p.Rules}
	}
	who := decide.Who{Named: agent}
	if subagent != "" {
		who.Chain = []string{subagent}
	}
	res, _, err := decide.Resolve(personas.CatalogOf(list...), personas.State{Active: snap.Active}, who)
	if err != nil {
		return nil, nil, err
	}
	deciders := res.Deciders()
	deciding := deciders[len(deciders)-1]
	composed := *NewEvaluator(deciding.Rules, session, snap.Guards, snap.Options).Policy()
	composed.Name = deciding.Name
	home := snap.Options.Home
	for _, c := range deciders[:len(deciders)-1] {
		composed.Callers = append(composed.Callers, engine.Caller{Name: c.Name, Rules: engine.CompileWithHome(c.Rules, home)})
	}
	return &composed, res.Unknown, nil
}

// failedClosed reports whether an ask came from the analysis rather than from rule: the rule
// that matched allows, so only the engine's fail-closed checks can have turned it into an ask.
func failedClosed(a engine.Action, rule *engine.Rule) bool {
	return a == engine.Ask && rule != nil && rule.Action == engine.Allow
}
