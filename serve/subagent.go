package serve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
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

// names are the agent types from the parent session down to ch, outermost first, ch's own
// name last: the chain decide.Resolve resolves after the caller's persona.
func (ch child) names() []string {
	names := ch.chain
	if len(names) == 0 || names[len(names)-1] != ch.name {
		names = append(slices.Clone(names), ch.name)
	}
	return names
}

// ruleSessions are the sessions whose rules decide a call of ch made in its own session: the
// parent session's (an always for the whole session) and this subagent's in it.
func (ch child) ruleSessions(session string) []string {
	return []string{rulesSession(ch, session), subagentSession(ch, session)}
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

// judgeChild decides call c of child ch by rule, with the personas decide.For resolves, as
// every adapter does: the caller's (the active one, or c.Agent) and the persona of every
// subagent on ch's chain that has one; the most restrictive answer wins, and a subagent
// without a persona of its name is decided by its callers'. The session rules are the parent
// session's and this subagent's in it. The judgement is recorded once, naming the subagent
// and the parent session. The problems met on the way (a broken state or guards file) are
// returned, to be told.
func (s *Server) judgeChild(c decide.Call, ch child) (decide.Judgement, []personas.Problem) {
	var (
		probs []personas.Problem
		r     decide.Resolution
	)
	j := s.quiet.Judge(c, func(c decide.Call) (string, *engine.Policy, error) {
		d := s.dirs(c.Cwd)
		var pol *engine.Policy
		var err error
		r, pol, probs, err = s.prepared.For(d, s.catalog(d), decide.Who{Named: c.Agent, Chain: ch.names()}, ch.ruleSessions(c.Session)...)
		if r.Session == nil {
			return "", nil, err
		}
		return r.Persona().Name, pol, err
	})
	if j.Policy != nil {
		// The log and the dialog name the persona whose rule decided.
		if by := j.Policy.Decider(j.Decision.Ref); by != "" {
			j.Agent, j.Verdict.Agent = by, by
		}
	}
	if r.Session != nil {
		j.Verdict.Reason += childNote(ch, r)
	}
	s.recordJudged(s.childRecorder(ch), c, j)
	return j, probs
}

// childNote says who decided a child's call: the caller's persona alone, or it and the
// personas on the child's chain.
func childNote(ch child, r decide.Resolution) string {
	deciders := r.Deciders()
	if len(deciders) == 1 {
		return fmt.Sprintf(" (subagent %q, which has no persona of its own: decided by the caller's persona %q)", ch.name, r.Session.Name)
	}
	names := make([]string, 0, len(deciders)-1)
	for _, p := range deciders[1:] {
		names = append(names, strconv.Quote(p.Name))
	}
	return fmt.Sprintf(" (subagent %q: the strictest of the caller's persona %q and %s on its chain)", ch.name, r.Session.Name, strings.Join(names, ", "))
}

// recordJudged records a judgement settled by rule (an ask is recorded when it is settled).
func (s *Server) recordJudged(rec approvals.Recorder, c decide.Call, j decide.Judgement) {
	if rec == nil || j.Verdict.Action == engine.Ask && j.Policy != nil {
		return
	}
	d := j.Decision
	if j.Policy == nil {
		// Refused before a rule decided: the log says why.
		d = engine.Decision{Action: j.Verdict.Action, Permission: c.Key, Value: c.Value, Reason: j.Verdict.Reason}
	}
	rec.Decided(decide.LogCall(c, j.Agent), d, nil)
}

// childRecorder is the review log with every entry naming the subagent and its parent
// session; nil without a log.
func (s *Server) childRecorder(ch child) approvals.Recorder {
	if s.recorder == nil {
		return nil
	}
	return childLog{s.recorder, ch}
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

// childAgent describes a child session of subagent req.Subagent under state st: its system
// prompt carries the subagent's own persona (the caller's when it has none), and a tool is
// hidden when any persona deciding its calls hides it (decide.Resolve, as its calls are
// decided).
func (s *Server) childAgent(req Request, d locations.Dirs, st personas.State) Reply {
	cat := s.catalogs.Load(d)
	ch := child{name: req.Subagent, parent: req.Parent, chain: req.Subagents}
	r, _, err := decide.Resolve(cat, st, decide.Who{Chain: ch.names()})
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	prompt := r.Session
	if own, ok := cat.Lookup(req.Subagent); ok {
		prompt = own
	}
	a, err := s.describe(d, prompt, st, req.Tools, req.Skills, nil)
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	pol, _, err := decide.Policy(d, r)
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	if a.Hidden, _ = pol.SplitTools(req.Tools); a.Hidden == nil {
		a.Hidden = []string{}
	}
	a.Keys, a.Warnings = nil, nil
	return Reply{ID: req.ID, AgentState: a}
}
