package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// policy loads what decides call c for the gate: the active persona seen from the call's cwd
// (state.json, with the CLI's fallback to the default), composed with guards, the session's
// rules and yolo.
func (s *Server) policy(c gate.Call) (string, *engine.Policy, error) {
	d := s.Dirs(c.Cwd)
	cat := s.catalogs.load(d)
	if c.Agent != "" {
		if _, ok := cat.Lookup(c.Agent); !ok {
			return "", nil, fmt.Errorf("no persona named %q", c.Agent)
		}
	}
	st, _ := personas.LoadState(d)
	p, _ := personas.ActivePersona(cat, st)
	if c.Agent != "" {
		p, _ = cat.Lookup(c.Agent)
	}
	if p == nil {
		return "", nil, fmt.Errorf("no active persona and no default persona could be loaded; `agentmgr lint` says why")
	}
	pol, _, err := s.Compose(d, p, c.Session)
	if err != nil {
		return p.Name, nil, fmt.Errorf("persona %q: %w", p.Name, err)
	}
	return p.Name, pol, nil
}

// decide decides a tool call by rule, with the gate's decision path. An ask is kept open under
// an id, to be answered by reply (pi's dialog) or forward (the app's inbox).
func (s *Server) decide(req Request) Reply {
	if req.Tool == "" {
		return Reply{ID: req.ID, Error: `"tool" is missing; cannot tell which tool is called`}
	}
	c := gate.Call{Client: gate.ClientJSON, Session: req.Session, Agent: req.Agent, Tool: req.Tool, Key: mapping.KeyForTool(req.Tool), Cwd: req.Cwd}
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
		return Reply{ID: req.ID, Decision: verdictDecision(gate.Refusal(err.Error()), c)}
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
	if doors, unknown, err := sideDoors(req.Tool, req.Input); err != nil {
		return Reply{ID: req.ID, Decision: verdictDecision(gate.Refusal(err.Error()), c)}
	} else if unknown {
		c.Unknown, c.Command, c.HasCommand, c.Writes, c.URLs = true, doors.Command, doors.HasCommand, doors.Writes, doors.URLs
	}
	j := s.judge(c, req.Chain)
	d := verdictDecision(j.Verdict, c)
	if j.Verdict.Action == engine.Ask && j.Policy != nil {
		d.Request = s.asks.add(c, j)
		d.Suggestions = j.Suggestions
	}
	return Reply{ID: req.ID, Decision: d}
}

// verdictDecision renders a gate verdict on call c.
func verdictDecision(v gate.Verdict, c gate.Call) *Decision {
	return &Decision{
		Action: v.Action, Reason: v.Reason, DecidedBy: v.DecidedBy, Agent: v.Agent, Permission: c.Key,
		Value: c.Value, Rule: v.Rule, Source: v.Source, Units: v.Units,
	}
}

// reply settles an ask with the person's answer given in pi's own dialog: once allows this
// call, always stores an allow rule per pattern in the session's rules (shown and revocable
// in the app's Approvals screen) and allows it, reject denies it. The person answering in pi
// has operator authority, as in the app. The answer is recorded in the review log.
func (s *Server) reply(req Request) Reply {
	k := s.asks.take(req.Request)
	if k == nil {
		return Reply{ID: req.ID, Error: fmt.Sprintf("ask %q is not open (unknown, answered, or dropped); the call stays blocked", req.Request)}
	}
	res := approvals.Resolution{Request: k.id, Reply: req.Reply, By: approvals.ByPerson}
	d := verdictDecision(k.judge.Verdict, k.call)
	d.DecidedBy = approvals.ByPerson
	switch req.Reply {
	case approvals.Once:
		res.Action = engine.Allow
		d.Reason = "agentmgr: the person allowed this call once in pi"
	case approvals.Reject:
		res.Action, res.Message = engine.Deny, req.Message
		d.Reason = "agentmgr: the person rejected this call in pi"
		if req.Message != "" {
			d.Reason += ": " + req.Message
		}
	case approvals.Always:
		stored, err := s.always(k, req.Patterns)
		if err != nil {
			s.asks.put(k)
			return Reply{ID: req.ID, Error: err.Error()}
		}
		res.Action, res.Rules, res.Revision = engine.Allow, stored.Rules[len(stored.Rules)-len(patternsOr(k, req.Patterns)):], stored.Revision
		d.Rules = res.Rules
		d.Reason = "agentmgr: the person allowed this call in pi and for the rest of the session: " + rulesText(res.Rules)
	default:
		s.asks.put(k)
		return Reply{ID: req.ID, Error: fmt.Sprintf("unknown reply %q; expected once, always or reject", req.Reply)}
	}
	d.Action = res.Action
	s.record(k, res)
	return Reply{ID: req.ID, Decision: d}
}

// patternsOr is what an always reply stores: the person's patterns, else the suggestions,
// each once.
func patternsOr(k *ask, patterns []string) []string {
	if len(patterns) == 0 {
		patterns = k.judge.Suggestions
	}
	var out []string
	for _, p := range patterns {
		if !contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// always appends the allow rules of an always reply to the session's rules.
func (s *Server) always(k *ask, patterns []string) (approvals.SessionRules, error) {
	patterns = patternsOr(k, patterns)
	if len(patterns) == 0 {
		return approvals.SessionRules{}, fmt.Errorf("no session rule can allow this call (%s); reply once or reject", k.judge.Decision.Explain())
	}
	add := make(engine.Ruleset, len(patterns))
	for i, p := range patterns {
		add[i] = engine.Rule{Permission: k.call.Key, Pattern: p, Action: engine.Allow}
	}
	store := s.Sessions(s.Dirs(k.call.Cwd))
	stored, err := approvals.AppendSessionRules(store, k.call.Session, approvals.OperatorAuthority, add...)
	if err != nil {
		return stored, fmt.Errorf("storing the always rules: %w", err)
	}
	return stored, nil
}

// record writes the ask and the person's answer to the review log, as the app does.
func (s *Server) record(k *ask, res approvals.Resolution) {
	rec := s.Recorder
	if rec == nil {
		return
	}
	call := approvals.Call{Session: k.call.Session, Agent: k.judge.Agent, Tool: k.call.Tool, Values: []string{k.call.Value}}
	r := approvals.Request{ID: k.id, Session: k.call.Session, Agent: k.judge.Agent, Tool: k.call.Tool, Permission: k.call.Key,
		Values: call.Values, Suggestions: k.judge.Suggestions, Decision: k.judge.Decision, Asked: k.asked}
	rec.Decided(call, k.judge.Decision, &r)
	rec.Resolved(r, res)
}

// forward hands an open ask to the app's inbox, exactly as the gate does, and waits for the
// person's answer there. When nobody serves the inbox the call is denied.
func (s *Server) forward(ctx context.Context, req Request) Reply {
	k := s.asks.take(req.Request)
	if k == nil {
		return Reply{ID: req.ID, Error: fmt.Sprintf("ask %q is not open (unknown, answered, or dropped); the call stays blocked", req.Request)}
	}
	v := s.gate.Ask(ctx, k.call, k.judge)
	return Reply{ID: req.ID, Decision: verdictDecision(v, k.call)}
}

// ForwardTimeout is how long a forward may take at most: the gate's wait for the person and
// its grace for a live app, plus a margin for the round trip.
func (s *Server) ForwardTimeout() time.Duration {
	w := s.Wait
	t, g := w.Timeout, w.Grace
	if t <= 0 {
		t = gate.DefaultTimeout
	}
	if g <= 0 {
		g = gate.DefaultGrace
	}
	return t + g + 5*time.Second
}

// rulesText lists rules as `key "pattern"`, comma-separated.
func rulesText(rs engine.Ruleset) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%s %q", r.Permission, r.Pattern)
	}
	return strings.Join(parts, ", ")
}

// sideDoors searches the arguments of a tool agentmgr does not know (custom, MCP) for what it
// would run, write or fetch, as the Claude Code gate does (gate.FindSideDoors); unknown says
// the tool is such a tool. A known tool's arguments are read by its value field alone.
func sideDoors(tool string, input json.RawMessage) (gate.SideDoors, bool, error) {
	if mapping.IsKnownTool(tool) {
		return gate.SideDoors{}, false, nil
	}
	var fields map[string]json.RawMessage
	if len(input) > 0 && string(input) != "null" && json.Unmarshal(input, &fields) != nil {
		// Arguments that are no object hide nothing the tool's own key does not decide.
		fields = nil
	}
	doors, err := gate.FindSideDoors(tool, fields)
	return doors, true, err
}
