package decide

import (
	"fmt"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// PolicyFunc loads what decides a call: the persona (the call's Agent, or the active one when
// that is ""), with guards and the session's approved rules. It returns the persona's name.
type PolicyFunc func(c Call) (agent string, p *engine.Policy, err error)

// ChainStore remembers, per session, which agent started which (Chains is the file one).
type ChainStore interface {
	Spawned(session, by string, byChain []string, kind string) error
	Started(session, id, kind string) ([]string, error)
	Chain(session, id, kind string) ([]string, error)
}

// Judgement is what the rules alone say about a call: the verdict, and for an ask what a
// person would be asked with (the policy that decided, the decision and its suggestions).
type Judgement struct {
	Verdict  Verdict
	Agent    string          // the persona that decided; "" when none could be loaded
	Policy   *engine.Policy  // nil when the call was refused before a rule decided
	Decision engine.Decision // the rules' decision, with the deciding rule
	// Suggestions are the patterns an always reply would store (engine.Suggestions); only
	// computed for an ask.
	Suggestions []string
	// Written are the files the agent wrote in the session whose run made this call ask
	// (WithWritten); Decider.Settle forgets them once a person lets the call run.
	Written []string
}

// Decider judges the calls of one enforcer by rule: it fills in a subagent's chain, loads the
// policy, decides with Judge, and adds what only a runtime's context tells (a skill's inline
// command, an agent started where agentmgr's hook does not reach). It records what it settles.
// Every enforcer (gate claude, gate json, serve) judges through one.
type Decider struct {
	recorder approvals.Recorder
	chains   ChainStore
	hooked   func(cwd string) bool
	written  func(cwd string) WrittenFiles
}

// Option configures a Decider.
type Option func(*Decider)

// WithRecorder has the decider tell rec the decisions it settles itself: by rule, or refused. A
// call a person answers is recorded by whoever relays the answer, so that the review log holds
// it once.
func WithRecorder(rec approvals.Recorder) Option { return func(d *Decider) { d.recorder = rec } }

// WithChains has the decider record which agent started which (SubagentStart events and Agent
// calls) and give a subagent's call its chain; without it a subagent's chain is its own type
// alone.
func WithChains(cs ChainStore) Option { return func(d *Decider) { d.chains = cs } }

// WithHooked tells the decider whether the agents a Claude Code call in cwd starts go through
// agentmgr's hook too (a settings file holds it). A subagent's own hook, as export writes it,
// covers that subagent only: an agent it starts would run unseen, so starting one is at least
// ask when hooked says no.
func WithHooked(hooked func(cwd string) bool) Option {
	return func(d *Decider) { d.hooked = hooked }
}

// NewDecider makes a decider with opts.
func NewDecider(opts ...Option) *Decider {
	d := &Decider{}
	for _, o := range opts {
		o(d)
	}
	return d
}

// Started records a subagent's start (Claude Code's SubagentStart); without a chain store it
// records nothing.
func (dc *Decider) Started(session, id, kind string) error {
	if dc.chains == nil {
		return nil
	}
	_, err := dc.chains.Started(session, id, kind)
	return err
}

// Judge decides c by rule alone with the policy pol loads (persona, guards, session rules,
// yolo; shell commands unit by unit) and never asks anyone. A call settled by rule is
// recorded; an ask is not: it is recorded by whoever settles it.
func (dc *Decider) Judge(c Call, pol PolicyFunc) Judgement {
	if pol == nil {
		return Judgement{Verdict: refuse("no policy to decide with")}
	}
	c, err := dc.withChain(c)
	if err != nil {
		return Judgement{Verdict: refuse("%v", err)}
	}
	agent, p, err := pol(c)
	if err != nil {
		return Judgement{Verdict: refuse("%v", err), Agent: agent}
	}
	if p == nil || p.Persona == nil {
		return Judgement{Verdict: refuse("persona %q has no rules to decide with", agent), Agent: agent}
	}
	d := Judge(p, c)
	if c.Skill != "" {
		d.Reason = addReason(d.Reason, fmt.Sprintf("inline command of skill %q", c.Skill))
	}
	if c.Client == ClientClaude && mapping.StartsAgent(c.Tool) && d.Action == engine.Allow && dc.hooked != nil && !dc.hooked(c.Cwd) {
		// A context agentmgr cannot see into fails closed at the call that creates it.
		d.Action = engine.Ask
		d.Reason = addReason(d.Reason, "the agent this call starts would run without agentmgr's hook (no Claude Code settings file holds it), so its calls could not be decided; add the README's hook block to the settings")
	}
	d, written := dc.crossCall(c, d)
	j := Judgement{Verdict: RuleVerdict(agent, c, d), Agent: agent, Policy: p, Decision: d, Written: written}
	if d.Action != engine.Ask {
		if err := dc.Record(c, agent, d); err != nil {
			// A decision that leaves no trace must say so where the person reads it.
			j.Verdict.Reason = addReason(j.Verdict.Reason, "the review log could not be written: "+err.Error())
		}
		return j
	}
	j.Suggestions = p.Suggestions(ToolOfKey(c.Key), []string{c.Value}, d)
	return j
}

// Record tells the decider's recorder about a decision settled without a person (by rule, or
// an ask nobody answered), naming the tool as the agent called it. It returns the recorder's
// error when it keeps one (reviewlog.Log's Err): the write failed.
func (dc *Decider) Record(c Call, agent string, d engine.Decision) error {
	if dc.recorder == nil {
		return nil
	}
	dc.recorder.Decided(LogCall(c, agent), d, nil)
	if r, ok := dc.recorder.(interface{ Err() error }); ok {
		return r.Err()
	}
	return nil
}

// withChain fills in the chain of the agent making c, and records an Agent call's spawn, so
// that the agent it starts is linked to c's agent.
func (dc *Decider) withChain(c Call) (Call, error) {
	if c.AgentID != "" {
		c.Chain = []string{c.AgentType}
		if dc.chains != nil {
			chain, err := dc.chains.Chain(c.Session, c.AgentID, c.AgentType)
			if err != nil {
				return c, fmt.Errorf("cannot tell which agents started subagent %s: %w", c.AgentID, err)
			}
			c.Chain = chain
		}
	}
	if dc.chains != nil && startsAgent(c) {
		kind := c.Value
		if kind == "" {
			kind = mapping.DefaultSubagent
		}
		by := c.Chain
		if c.AgentID == "" && c.AgentType != "" {
			// The main thread of a session started with --agent NAME runs NAME: the agents it
			// starts have NAME on their chain.
			by = []string{c.AgentType}
		}
		if err := dc.chains.Spawned(c.Session, c.AgentID, by, kind); err != nil {
			return c, fmt.Errorf("cannot record the subagent this call starts: %w", err)
		}
	}
	return c, nil
}

// startsAgent reports whether c starts a subagent whose type is c's value: Claude Code's Agent
// (Task), Codex's spawn_agent (decided under task on its agent_type).
func startsAgent(c Call) bool {
	switch c.Client {
	case ClientClaude:
		return mapping.StartsAgent(c.Tool)
	case ClientCodex:
		return c.Tool == "spawn_agent"
	}
	return false
}
