package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// decide decides a tool call by rule, with the gate's decision path. An ask is kept open under
// an id, to be answered by reply (pi's dialog) or forward (the app's inbox).
func (s *Server) decide(req Request) Reply {
	if req.Tool == "" {
		return Reply{ID: req.ID, Error: `"tool" is missing; cannot tell which tool is called`}
	}
	c := decide.Call{Client: decide.ClientJSON, Session: req.Session, Agent: req.Agent, Tool: req.Tool, Key: mapping.KeyForTool(req.Tool), Cwd: req.Cwd}
	var value string
	var err error
	switch {
	case req.Runtime != "":
		c, err = runtimeCall(req)
		c.Session, c.Agent, value = req.Session, req.Agent, c.Value
	case req.Value != nil && len(req.Input) > 0:
		err = errors.New(`give "input" or "value", not both`)
	case req.Value != nil:
		value = *req.Value
	default:
		value, err = toolValue(req.Tool, req.Input, req.Cwd)
	}
	if err == nil {
		err = approvals.ValidateSessionID(req.Session)
		if err != nil {
			err = fmt.Errorf(`"session": the session id cannot be used: %w`, err)
		}
	}
	if err != nil {
		return Reply{ID: req.ID, Decision: verdictDecision(decide.Refusal(err.Error()), c)}
	}
	if c.Key == "task" && value == "" && req.Value == nil {
		// A call about a running child (its result, a steer) is decided on the child's type.
		value = req.AgentType
	}
	c.Value = value
	if c.Key == "task" && req.Value == nil {
		// Every agent the call runs is decided, not only the first one named.
		agents, opaque := taskAgents(req.Input)
		for _, a := range agents {
			if a != value {
				c.Also = append(c.Also, a)
			}
		}
		c.Opaque = opaque
	}
	if req.Runtime == "" {
		// A runtime's call was read whole, side doors included (decide.FromInput).
		if doors, unknown, err := sideDoors(req.Tool, req.Input); err != nil {
			return Reply{ID: req.ID, Decision: verdictDecision(decide.Refusal(err.Error()), c)}
		} else if unknown {
			c.Unknown, c.Command, c.HasCommand, c.Writes, c.URLs = true, doors.Command, doors.HasCommand, doors.Writes, doors.URLs
		}
	}
	if req.Runtime == "" && req.Value == nil {
		addPiInput(&c, req.Input)
	}
	var ch *child
	var j decide.Judgement
	var probs []personas.Problem
	if req.Subagent != "" {
		ch = &child{name: req.Subagent, parent: req.Parent, chain: req.Subagents}
		// The child has its own session id, so no agent id is needed to keep its rules apart.
		c.AgentType = req.Subagent
		j, probs = s.judgeChild(c, *ch)
	} else {
		j, probs = s.judgeParent(c, req)
	}
	d := verdictDecision(j.Verdict, c)
	d.Problems = warnings(probs)
	if ch != nil {
		d.Subagent, d.Parent = ch.name, ch.parent
	}
	if j.Verdict.Action == engine.Ask && j.Policy != nil {
		id, err := s.hold(c, j, ch)
		if err != nil {
			return Reply{ID: req.ID, Decision: verdictDecision(decide.Refusal(err.Error()), c)}
		}
		d.Request = id
		d.Suggestions = j.Suggestions
	}
	return Reply{ID: req.ID, Decision: d}
}

// verdictDecision renders a verdict on call c.
func verdictDecision(v decide.Verdict, c decide.Call) *Decision {
	return &Decision{
		Action: v.Action, Reason: v.Reason, DecidedBy: v.DecidedBy, Agent: v.Agent, Permission: c.Key,
		Value: c.Value, Rule: v.Rule, Source: v.Source, Units: v.Units,
	}
}

// hold opens an ask for call c, judged ask, in the approvals broker of its session store: the
// reply settles it as the app's approvals settle theirs, and an always or reject settles the
// session's other asks too, each judged again with decide.Judge. A child's call (ch not nil)
// is decided by its parent session's rules and its own in that session: an always is stored
// into the one its scope names, and settles every ask those rules decide.
func (s *Server) hold(c decide.Call, j decide.Judgement, ch *child) (string, error) {
	b := s.broker(s.dirs(c.Cwd))
	d := j.Decision
	// An always reply stores its rules for the call's own key, on whose value the
	// suggestions are made (the strictest part of the call may be another key's).
	d.Permission = c.Key
	h := approvals.Held{Policy: j.Policy, Call: decide.LogCall(c, j.Agent), Decision: d, Suggestions: j.Suggestions,
		Rules: []string{c.SessionKey()}, Redecide: func(pol *engine.Policy) engine.Decision { return decide.Judge(pol, c) }}
	if ch != nil {
		h.Call.Subagent, h.Call.Parent = ch.name, ch.parent
		h.Rules = ch.ruleSessions(c.Session)
	}
	p, err := b.Hold(h)
	if err != nil {
		return "", err
	}
	return s.asks.add(c, j, ch, b, p), nil
}

// broker is the approvals broker of d's session store, made at its first ask.
func (s *Server) broker(d locations.Dirs) *approvals.Broker {
	s.brokersMu.Lock()
	defer s.brokersMu.Unlock()
	key := d.Agent
	if b, ok := s.brokers[key]; ok {
		return b
	}
	b := approvals.New(s.sessions(d), askRecorder{s.recorder})
	s.brokers[key] = b
	return b
}

// askRecorder records an ask when it is settled, its decision and its resolution together,
// as the review log holds every other answer; an ask handed to the app is recorded by the
// app's approvals instead, so that the log holds it once.
type askRecorder struct{ rec approvals.Recorder }

func (r askRecorder) Decided(approvals.Call, engine.Decision, *approvals.Request) {}

func (r askRecorder) Resolved(req approvals.Request, res approvals.Resolution) {
	if r.rec == nil {
		return
	}
	call := approvals.Call{Session: req.Session, Agent: req.Agent, Subagent: req.Subagent, Parent: req.Parent, Tool: req.Tool, Values: req.Values}
	r.rec.Decided(call, req.Decision, &req)
	r.rec.Resolved(req, res)
}

// reply settles an ask with the person's answer given in pi's own dialog, through the one
// reply of the approvals (approvals.Broker.Reply), with the authority the server gives its
// client's dialog (Server.DialogAuthority): once allows this call, always stores an allow
// rule per pattern in the session's rules (shown and revocable in the app's Approvals screen)
// and allows it and the session's other asks those rules let through, reject denies it and
// the session's other asks. A child's always is stored into the rules its scope names: the
// parent session's (the default) or this subagent's in it. An ask another reply already
// settled is answered as it was settled. The answer is recorded in the review log.
func (s *Server) reply(req Request) Reply {
	k, done := s.open(req)
	if done != nil {
		return *done
	}
	into, err := k.into(req.Scope)
	if err == nil {
		var res []approvals.Resolution
		res, err = k.broker.Reply(k.pending.ID, approvals.Reply{Kind: req.Reply, Patterns: req.Patterns, Message: req.Message,
			By: s.dialog, Into: into})
		if err == nil {
			s.settle(k, res[0].Action)
			return Reply{ID: req.ID, Decision: settled(k, res[0])}
		}
	}
	s.asks.put(k)
	return Reply{ID: req.ID, Error: err.Error()}
}

// into is the session an always reply with scope stores its rules into: for a child's ask,
// the parent session's rules (scope "session", the default: the parent and all its children)
// or this subagent's in it (scope "subagent"); "" (the ask's own session) for the main agent.
func (k *ask) into(scope string) (string, error) {
	switch {
	case scope != "" && scope != ScopeSession && scope != ScopeSubagent:
		return "", fmt.Errorf("unknown scope %q; expected %s or %s", scope, ScopeSession, ScopeSubagent)
	case k.child == nil && scope == ScopeSubagent:
		return "", fmt.Errorf("scope %q is for a subagent's ask; this ask is the main agent's", scope)
	case k.child == nil:
		return "", nil
	case scope == ScopeSubagent:
		return subagentSession(*k.child, k.call.Session), nil
	}
	return rulesSession(*k.child, k.call.Session), nil
}

// open takes the ask req answers; done is the reply when there is nothing left to answer: the
// ask is not open, or another reply settled it already (it is answered as it was settled).
func (s *Server) open(req Request) (k *ask, done *Reply) {
	k = s.asks.take(req.Request)
	if k == nil {
		return nil, &Reply{ID: req.ID, Error: fmt.Sprintf("ask %q is not open (unknown, answered, or dropped); the call stays blocked", req.Request)}
	}
	if res, ok := k.pending.Resolution(); ok {
		s.settle(k, res.Action)
		return nil, &Reply{ID: req.ID, Decision: settled(k, res)}
	}
	return k, nil
}

// settle forgets the files the agent wrote whose run made ask k once the person let the call
// run (decide.Decider.Settle); after a reject they stay, and the family's next command asks
// again. A file that cannot be forgotten is asked about again, never let through.
func (s *Server) settle(k *ask, a engine.Action) {
	if a == engine.Allow {
		_ = s.decider.Settle(k.call, k.judge, decide.Verdict{Action: a})
	}
}

// settled renders how an ask was settled.
func settled(k *ask, res approvals.Resolution) *Decision {
	d := verdictDecision(k.judge.Verdict, k.call)
	d.Action, d.DecidedBy = res.Action, res.By
	if k.child != nil {
		d.Subagent, d.Parent = k.child.name, k.child.parent
	}
	switch {
	case res.By == approvals.ByPerson && res.Reply == approvals.Once:
		d.Reason = "agentmgr: the person allowed this call once in pi"
	case res.By == approvals.ByPerson && res.Reply == approvals.Always:
		d.Rules = res.Rules
		d.Reason = "agentmgr: the person allowed this call in pi and for the rest of the session: " + decide.RulesText(res.Rules)
	case res.Reply == approvals.Reject && res.Cause != "":
		d.Reason = "agentmgr: the person rejected another call of this session while this one waited"
	case res.Reply == approvals.Reject:
		d.Reason = "agentmgr: the person rejected this call in pi"
	case res.By == approvals.BySessionRule:
		d.Reason = "agentmgr: allowed by a session rule the person added while this call waited"
	default:
		d.Reason = fmt.Sprintf("agentmgr: the call was settled %s by %s", res.Action, res.By)
	}
	if res.Message != "" {
		d.Reason += ": " + res.Message
	}
	return d
}

// forward hands an open ask to the app's inbox, exactly as the gate does, and waits for the
// person's answer there. When nobody serves the inbox the call is denied.
func (s *Server) forward(ctx context.Context, req Request) Reply {
	k, done := s.open(req)
	if done != nil {
		return *done
	}
	// The app's approvals answer and record it from now on.
	k.broker.Handoff(k.pending.ID)
	rec, call := s.recorder, k.call
	if k.child != nil {
		// The log names the subagent; the app's inbox gets the session whose rules decide the
		// child's calls (the parent's), so that an always given there holds for the child.
		rec = s.childRecorder(*k.child)
		call.Session = rulesSession(*k.child, call.Session)
	}
	v := s.inbox.Ask(ctx, call, k.judge, s.wait, rec)
	s.settle(k, v.Action)
	d := verdictDecision(v, k.call)
	if k.child != nil {
		d.Subagent, d.Parent = k.child.name, k.child.parent
	}
	return Reply{ID: req.ID, Decision: d}
}

// ForwardTimeout is how long a forward may take at most: the gate's wait for the person and
// its grace for a live app, plus a margin for the round trip.
func (s *Server) ForwardTimeout() time.Duration {
	t, g := s.wait.Timeout, s.wait.Grace
	if t <= 0 {
		t = inbox.DefaultTimeout
	}
	if g <= 0 {
		g = inbox.DefaultGrace
	}
	return t + g + 5*time.Second
}

// sideDoors searches the arguments of a tool agentmgr does not know (custom, MCP) for what it
// would run, write or fetch, as the Claude Code gate does (decide.FindSideDoors); unknown says
// the tool is such a tool. A known tool's arguments are read by its value field alone.
func sideDoors(tool string, input json.RawMessage) (decide.SideDoors, bool, error) {
	if mapping.IsKnownTool(tool) {
		return decide.SideDoors{}, false, nil
	}
	var fields map[string]json.RawMessage
	if len(input) > 0 && string(input) != "null" && json.Unmarshal(input, &fields) != nil {
		// Arguments that are no object hide nothing the tool's own key does not decide.
		fields = nil
	}
	doors, err := decide.FindSideDoors(tool, fields)
	return doors, true, err
}

// addPiInput adds to c what the input of a pi tool call names besides its value: the targets of
// a call of pi's MCP adapter tool (mcp) and the path its arguments name, or the path field of a
// tool that is no file tool (an extension's), which the path rules and external_directory
// decide too.
func addPiInput(c *decide.Call, input json.RawMessage) {
	if c.Tool == mapping.MCPAdapterKey {
		m := decide.ReadMCPCall(input)
		c.MCPTargets, c.MCPClaude, c.Value = m.Targets, m.Claude, m.Targets[0]
		if m.Path != "" {
			c.Paths = append(c.Paths, m.Path)
		}
		// The MCP tool's own arguments may still run, write or fetch: searched as an
		// unknown tool's are.
		var in struct {
			Arguments map[string]json.RawMessage `json:"arguments"`
		}
		if json.Unmarshal(input, &in) == nil && len(in.Arguments) > 0 {
			if doors, err := decide.FindSideDoors(m.Claude, in.Arguments); err == nil {
				c.Command, c.HasCommand, c.Writes, c.URLs = doors.Command, doors.HasCommand, doors.Writes, doors.URLs
			}
		}
		return
	}
	if mapping.IsPathKey(c.Key) || mapping.IsShellKey(c.Key) {
		return
	}
	var fields struct {
		Path json.RawMessage `json:"path"`
	}
	var p string
	if json.Unmarshal(input, &fields) == nil && json.Unmarshal(fields.Path, &p) == nil && p != "" {
		c.Paths = append(c.Paths, p)
	}
}
