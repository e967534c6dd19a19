package gate

import (
	"context"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
)

// Gate decides calls for one agent run: by rule when a rule decides (decide.Decider), through
// the app's inbox when the persona asks (inbox.Ask). Make one with New.
type Gate struct {
	policy   decide.PolicyFunc
	inbox    inbox.Inbox
	wait     inbox.Wait
	recorder approvals.Recorder
	decide   []decide.Option
	decider  *decide.Decider
}

// Option configures a Gate.
type Option func(*Gate)

// WithWait says how long an ask waits for the app's answer (inbox.Wait; zero fields take
// their defaults).
func WithWait(w inbox.Wait) Option { return func(g *Gate) { g.wait = w } }

// WithRecorder has the gate tell rec the decisions it settles itself: by rule, or an ask
// nobody answered. A call the app answers is recorded by the app's approvals instead, so that
// the review log holds it once.
func WithRecorder(rec approvals.Recorder) Option {
	return func(g *Gate) {
		g.recorder = rec
		g.decide = append(g.decide, decide.WithRecorder(rec))
	}
}

// WithChains has the gate record which agent started which (SubagentStart events and Agent
// calls) and give a subagent's call its chain (decide.WithChains).
func WithChains(cs decide.ChainStore) Option {
	return func(g *Gate) { g.decide = append(g.decide, decide.WithChains(cs)) }
}

// WithHooked tells the gate whether the agents a Claude Code call in cwd starts go through the
// gate too (decide.WithHooked).
func WithHooked(hooked func(cwd string) bool) Option {
	return func(g *Gate) { g.decide = append(g.decide, decide.WithHooked(hooked)) }
}

// WithWritten has the gate remember the files the agent writes that a command family runs,
// so that the next command of the family asks once (decide.WithWritten).
func WithWritten(written func(cwd string) decide.WrittenFiles) Option {
	return func(g *Gate) { g.decide = append(g.decide, decide.WithWritten(written)) }
}

// New makes a gate that decides with the policy pol loads and forwards asks to in.
func New(in inbox.Inbox, pol decide.PolicyFunc, opts ...Option) *Gate {
	g := &Gate{policy: pol, inbox: in}
	for _, o := range opts {
		o(g)
	}
	g.decider = decide.NewDecider(g.decide...)
	return g
}

// Claude decides a Claude Code hook event read from input: a PreToolUse or
// PreSkillShellCommand call, or records a SubagentStart. Input it cannot read is denied with
// the reason.
func (g *Gate) Claude(ctx context.Context, input []byte) ClaudeOutput {
	if start, ok, err := ParseClaudeStart(input); ok {
		if err != nil {
			return ClaudeAnswer(decide.Refusal(err.Error()), ClaudeSubagentStart)
		}
		return g.started(start)
	}
	c, err := ParseClaude(input)
	if err != nil {
		return ClaudeAnswer(decide.Refusal(err.Error()), "")
	}
	v := g.Decide(ctx, c)
	if c.Event == ClaudeSkillShell && v.Action == engine.Ask {
		// A skill's command cannot wait for a prompt: Claude Code refuses an ask, so say deny.
		v.Action = engine.Deny
		v.Reason += "; a skill's inline command cannot wait for a prompt, so it is denied"
	}
	return ClaudeAnswer(v, c.Event)
}

// started records a subagent's start. SubagentStart cannot block anything: the answer only
// acknowledges it, and a failure to record is said in it (the subagent's calls are then
// decided from what was recorded of the session, never looser).
func (g *Gate) started(s SubagentStart) ClaudeOutput {
	out := ClaudeOutput{HookSpecificOutput: ClaudeDecision{HookEventName: ClaudeSubagentStart}}
	if err := g.decider.Started(s.Session, s.AgentID, s.AgentType); err != nil {
		out.SystemMessage = "agentmgr could not record the subagent " + s.AgentID + ": " + err.Error()
	}
	return out
}

// Neutral decides a neutral-protocol request read from input. Input it cannot read is denied
// with the reason.
func (g *Gate) Neutral(ctx context.Context, input []byte) NeutralResponse {
	c, err := ParseNeutral(input)
	if err != nil {
		return NeutralAnswer(decide.Refusal(err.Error()), decide.Call{})
	}
	return NeutralAnswer(g.Decide(ctx, c), c)
}

// Decide decides c. It never fails: a call it cannot decide is denied with the reason, and an
// ask nobody can answer is left to Claude Code's own prompt, or denied for other clients.
func (g *Gate) Decide(ctx context.Context, c decide.Call) decide.Verdict {
	j := g.Judge(c)
	if j.Verdict.Action != engine.Ask || j.Policy == nil {
		return j.Verdict
	}
	v := g.Ask(ctx, c, j)
	if v.Action == engine.Allow || v.Action == engine.Ask && c.Event != ClaudeSkillShell {
		// The person let it run, or Claude Code asks in its own prompt, whose answer the gate
		// does not see: that prompt is the one ask about the files the agent wrote. A file
		// that cannot be forgotten is asked about again, never let through.
		_ = g.decider.Settle(c, j, v)
	}
	return v
}

// Judge decides c by rule alone (decide.Decider.Judge) and never asks anyone. Decide is Judge
// followed, for an ask, by Ask.
func (g *Gate) Judge(c decide.Call) decide.Judgement { return g.decider.Judge(c, g.policy) }

// Ask forwards a call Judge decided ask to the app's inbox and waits for the person's answer
// (inbox.Ask).
func (g *Gate) Ask(ctx context.Context, c decide.Call, j decide.Judgement) decide.Verdict {
	return g.inbox.Ask(ctx, c, j, g.wait, g.recorder)
}
