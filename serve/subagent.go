package serve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
)

// A child session is a subagent's session that pi-subagents started inside the parent's pi
// process. Its calls are decided by the persona named like the subagent AND by the persona
// the parent runs with (the active one); the stricter answer stands, and with no persona of
// the subagent's name the parent's decides alone (docs/pi.md, "Subagents").

// Scopes of an always reply to a child's ask: the rules are stored for this subagent of the
// parent session, or for the parent session as a whole (its children included).
const (
	ScopeSubagent = "subagent"
	ScopeSession  = "session"
)

// child is who makes a call from a child session.
type child struct {
	name   string // the subagent's name (pi-subagents' agent)
	parent string // the parent's session id; "" when the child could not tell
	// chain are the subagents that started it, outermost first, and name last.
	chain []string
}

// personaChain is the personas deciding a call of ch: the caller's (parent), then the persona
// of every subagent on ch's chain that has one, each once, outermost first.
func personaChain(cat *personas.Catalog, parent *personas.Persona, ch child) []*personas.Persona {
	out := []*personas.Persona{parent}
	names := ch.chain
	if len(names) == 0 || names[len(names)-1] != ch.name {
		names = append(append([]string{}, names...), ch.name)
	}
	for _, n := range names {
		p, ok := cat.Lookup(n)
		if !ok || slices.ContainsFunc(out, func(q *personas.Persona) bool { return q.Name == p.Name }) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// subagentSession is the session id the rules of "always, this subagent" are stored under:
// the parent's session and the subagent's name, so that they hold for every run of that
// subagent in the parent session and for nothing else.
func subagentSession(ch child, session string) string {
	base := ch.parent
	if base == "" {
		base = session
	}
	return base + ".sub." + ch.name
}

// rulesSession is the session whose rules the child's calls are decided with: the parent's
// (an always for the whole session), else the child's own.
func rulesSession(ch child, session string) string {
	if ch.parent != "" {
		return ch.parent
	}
	return session
}

// judgeChild decides call c of child ch by rule, with the subagent's own persona deciding and
// the parent's (the active one) as its caller (engine.Policy.Callers: the most restrictive
// answer wins), or the parent's alone when no persona has the subagent's name; the session
// rules are the parent session's and this subagent's in it. The judgement is recorded once,
// naming the subagent and the parent session. The problems met on the way (a broken state or
// guards file) are returned, to be told.
func (s *Server) judgeChild(c gate.Call, ch child) (gate.Judgement, []personas.Problem) {
	rec := s.childRecorder(ch)
	quiet := &gate.Gate{Inbox: s.Inbox, Wait: s.Wait}
	d := s.Dirs(c.Cwd)
	cat := s.catalogs.load(d)
	st, probs := personas.LoadState(d)
	parent, more := personas.ActivePersona(cat, st)
	probs = append(probs, more...)
	if c.Agent != "" {
		parent, _ = cat.Lookup(c.Agent)
	}
	if parent == nil {
		quiet.Policy = func(gate.Call) (string, *engine.Policy, error) {
			return "", nil, fmt.Errorf("no active persona and no default persona could be loaded; `agentmgr lint` says why")
		}
		j := quiet.Judge(c)
		s.recordJudged(rec, c, j)
		return j, probs
	}
	chain := personaChain(cat, parent, ch)
	quiet.Policy = func(gate.Call) (string, *engine.Policy, error) {
		pol, found, err := s.childPolicy(c, ch, chain)
		probs = append(probs, found...)
		return chain[len(chain)-1].Name, pol, err
	}
	j := quiet.Judge(c)
	if j.Policy != nil {
		// The log and the dialog name the persona whose rule decided.
		if by := j.Policy.Decider(j.Decision.Ref); by != "" {
			j.Agent, j.Verdict.Agent = by, by
		}
	}
	if len(chain) > 1 {
		var names []string
		for _, p := range chain[1:] {
			names = append(names, strconv.Quote(p.Name))
		}
		j.Verdict.Reason += fmt.Sprintf(" (subagent %q: the strictest of the caller's persona %q and %s on its chain)", ch.name, parent.Name, strings.Join(names, ", "))
	} else {
		j.Verdict.Reason += fmt.Sprintf(" (subagent %q, which has no persona of its own: decided by the caller's persona %q)", ch.name, parent.Name)
	}
	s.recordJudged(rec, c, j)
	return j, probs
}

// childPolicy is the policy of a child's call made at the end of chain, with the session
// rules the person approved for the parent session and for this subagent of it.
func (s *Server) childPolicy(c gate.Call, ch child, chain []*personas.Persona) (*engine.Policy, []personas.Problem, error) {
	d := s.Dirs(c.Cwd)
	compose := s.ComposeChain
	if compose == nil {
		compose = policy.ForChain
	}
	pol, probs, err := compose(d, chain, rulesSession(ch, c.Session))
	if err != nil {
		return nil, probs, fmt.Errorf("persona %q: %w", chain[len(chain)-1].Name, err)
	}
	sub, err := s.Sessions(d).Get(subagentSession(ch, c.Session))
	if err != nil {
		return nil, probs, fmt.Errorf("session rules of subagent %q: %w", ch.name, err)
	}
	if len(sub.Rules) > 0 {
		var rules engine.Ruleset
		if pol.Session != nil {
			rules = pol.Session.Rules()
		}
		rules = append(append(engine.Ruleset{}, rules...), sub.Rules...)
		pol.Session = engine.Compile(rules)
	}
	return pol, probs, nil
}

// recordJudged records a judgement settled by rule (an ask is recorded when it is settled).
func (s *Server) recordJudged(rec approvals.Recorder, c gate.Call, j gate.Judgement) {
	if rec == nil || j.Verdict.Action == engine.Ask && j.Policy != nil {
		return
	}
	d := j.Decision
	if j.Policy == nil {
		// Refused before a rule decided: the log says why.
		d = engine.Decision{Action: j.Verdict.Action, Permission: c.Key, Value: c.Value, Reason: j.Verdict.Reason}
	}
	rec.Decided(approvals.Call{Session: c.Session, Agent: j.Agent, Tool: c.Tool, Values: []string{c.Value}}, d, nil)
}

// childRecorder is the review log with every entry naming the subagent and its parent
// session; nil without a log.
func (s *Server) childRecorder(ch child) approvals.Recorder {
	if s.Recorder == nil {
		return nil
	}
	return childLog{s.Recorder, ch}
}

type childLog struct {
	inner approvals.Recorder
	ch    child
}

func (l childLog) Decided(call approvals.Call, d engine.Decision, req *approvals.Request) {
	call.Subagent, call.Parent = l.ch.name, l.ch.parent
	if req != nil {
		r := *req
		r.Subagent, r.Parent = l.ch.name, l.ch.parent
		req = &r
	}
	l.inner.Decided(call, d, req)
}

func (l childLog) Resolved(req approvals.Request, res approvals.Resolution) {
	req.Subagent, req.Parent = l.ch.name, l.ch.parent
	l.inner.Resolved(req, res)
}

// childAgent describes a child session of subagent req.Subagent whose caller runs with
// persona parent: its system prompt carries the subagent's own persona (the caller's when it
// has none), and a tool is hidden when any persona on the chain hides it (the one composition,
// policy.ForChain).
func (s *Server) childAgent(req Request, d locations.Dirs, parent *personas.Persona, st personas.State) Reply {
	cat := s.catalogs.load(d)
	chain := personaChain(cat, parent, child{name: req.Subagent, parent: req.Parent, chain: req.Subagents})
	prompt := parent
	if own, ok := cat.Lookup(req.Subagent); ok {
		prompt = own
	}
	a, err := s.describe(d, prompt, st, req.Tools, nil)
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	compose := s.ComposeChain
	if compose == nil {
		compose = policy.ForChain
	}
	pol, _, err := compose(d, chain, "")
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	if a.Hidden, _ = pol.SplitTools(req.Tools); a.Hidden == nil {
		a.Hidden = []string{}
	}
	a.Keys, a.Warnings = nil, nil
	return Reply{ID: req.ID, AgentState: a}
}
