package gate

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// PolicyFunc loads what decides a call: the persona (the call's Agent, or the active one when
// that is ""), with guards and the session's approved rules. It returns the persona's name.
type PolicyFunc func(c Call) (agent string, p *engine.Policy, err error)

// Gate decides calls for one agent run: by rule when a rule decides, through the inbox when
// the persona asks.
type Gate struct {
	Inbox  Inbox
	Policy PolicyFunc
	Wait   Wait
	// Recorder, when set, is told the decisions the gate settles itself: by rule, or an ask
	// nobody answered. A call the app answers is recorded by the app's approvals instead, so
	// that the review log holds it once.
	Recorder approvals.Recorder
	// Chains, when set, records which agent started which (SubagentStart events and Agent
	// calls) and gives a subagent's call its chain; without it a subagent's chain is its own
	// type alone.
	Chains ChainStore
	// Hooked, when set, reports whether the agents a Claude Code call in cwd starts go through
	// the gate too (a settings file holds its PreToolUse hook). A subagent's own hook, as
	// export writes it, covers that subagent only: an agent it starts would run unseen, so
	// starting one is at least ask when Hooked says no.
	Hooked func(cwd string) bool
}

// ChainStore remembers, per session, which agent started which (decide.Chains).
type ChainStore interface {
	Spawned(session, by string, byChain []string, kind string) error
	Started(session, id, kind string) ([]string, error)
	Chain(session, id, kind string) ([]string, error)
}

// Claude decides a Claude Code hook event read from input: a PreToolUse or
// PreSkillShellCommand call, or records a SubagentStart. Input it cannot read is denied with
// the reason.
func (g *Gate) Claude(ctx context.Context, input []byte) ClaudeOutput {
	if start, ok, err := ParseClaudeStart(input); ok {
		if err != nil {
			return refuse("%v", err).ClaudeFor(ClaudeSubagentStart)
		}
		return g.started(start)
	}
	c, err := ParseClaude(input)
	if err != nil {
		return refuse("%v", err).Claude()
	}
	v := g.Decide(ctx, c)
	if c.Event == ClaudeSkillShell && v.Action == engine.Ask {
		// A skill's command cannot wait for a prompt: Claude Code refuses an ask, so say deny.
		v.Action = engine.Deny
		v.Reason += "; a skill's inline command cannot wait for a prompt, so it is denied"
	}
	return v.ClaudeFor(c.Event)
}

// started records a subagent's start. SubagentStart cannot block anything: the answer only
// acknowledges it, and a failure to record is said in it (the subagent's calls are then
// decided from what was recorded of the session, never looser).
func (g *Gate) started(s SubagentStart) ClaudeOutput {
	out := ClaudeOutput{HookSpecificOutput: ClaudeDecision{HookEventName: ClaudeSubagentStart}}
	if g.Chains != nil {
		if _, err := g.Chains.Started(s.Session, s.AgentID, s.AgentType); err != nil {
			out.SystemMessage = "agentmgr could not record the subagent " + s.AgentID + ": " + err.Error()
		}
	}
	return out
}

// withChain fills in the chain of the agent making c, and records an Agent call's spawn, so
// that the agent it starts is linked to c's agent.
func (g *Gate) withChain(c Call) (Call, error) {
	if c.AgentID != "" {
		c.Chain = []string{c.AgentType}
		if g.Chains != nil {
			chain, err := g.Chains.Chain(c.Session, c.AgentID, c.AgentType)
			if err != nil {
				return c, fmt.Errorf("cannot tell which agents started subagent %s: %w", c.AgentID, err)
			}
			c.Chain = chain
		}
	}
	if g.Chains != nil && c.Client == ClientClaude && mapping.StartsAgent(c.Tool) {
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
		if err := g.Chains.Spawned(c.Session, c.AgentID, by, kind); err != nil {
			return c, fmt.Errorf("cannot record the subagent this call starts: %w", err)
		}
	}
	return c, nil
}

// Neutral decides a neutral-protocol request read from input. Input it cannot read is denied
// with the reason.
func (g *Gate) Neutral(ctx context.Context, input []byte) NeutralResponse {
	c, err := ParseNeutral(input)
	if err != nil {
		return refuse("%v", err).Neutral(Call{})
	}
	return g.Decide(ctx, c).Neutral(c)
}

// Decide decides c. It never fails: a call it cannot decide is denied with the reason, and an
// ask nobody can answer is left to Claude Code's own prompt, or denied for other clients.
func (g *Gate) Decide(ctx context.Context, c Call) Verdict {
	j := g.Judge(c)
	if j.Verdict.Action != engine.Ask || j.Policy == nil {
		return j.Verdict
	}
	return g.Ask(ctx, c, j)
}

// Judgement is what the rules alone say about a call: the verdict, and for an ask what a
// person would be asked with (the policy that decided, the decision and its suggestions).
type Judgement struct {
	Verdict  Verdict
	Agent    string          // the persona that decided; "" when none could be loaded
	Policy   *engine.Policy  // nil when the gate refused the call before a rule decided
	Decision engine.Decision // the rules' decision, with the deciding rule
	// Suggestions are the patterns an always reply would store (engine.Suggestions); only
	// computed for an ask.
	Suggestions []string
}

// Judge decides c by rule alone (persona, guards, session rules, yolo; shell commands unit by
// unit) and never asks anyone. A call settled by rule or refused is recorded; an ask is not:
// it is recorded by whoever settles it. Decide is Judge followed, for an ask, by Ask.
func (g *Gate) Judge(c Call) Judgement {
	if g.Policy == nil {
		return Judgement{Verdict: refuse("no policy to decide with")}
	}
	c, err := g.withChain(c)
	if err != nil {
		return Judgement{Verdict: refuse("%v", err)}
	}
	agent, pol, err := g.Policy(c)
	if err != nil {
		return Judgement{Verdict: refuse("%v", err), Agent: agent}
	}
	if pol == nil || pol.Persona == nil {
		return Judgement{Verdict: refuse("persona %q has no rules to decide with", agent), Agent: agent}
	}
	d := decide.Judge(pol, c)
	if c.Skill != "" {
		d.Reason = addReason(d.Reason, fmt.Sprintf("inline command of skill %q", c.Skill))
	}
	if c.Client == ClientClaude && mapping.StartsAgent(c.Tool) && d.Action == engine.Allow && g.Hooked != nil && !g.Hooked(c.Cwd) {
		// A context agentmgr cannot see into fails closed at the call that creates it.
		d.Action = engine.Ask
		d.Reason = addReason(d.Reason, "the agent this call starts would run without agentmgr's hook (no Claude Code settings file holds it), so its calls could not be decided; add the README's hook block to the settings")
	}
	j := Judgement{Verdict: ruleVerdict(agent, c, d), Agent: agent, Policy: pol, Decision: d}
	if d.Action != engine.Ask {
		g.record(c, agent, d)
		return j
	}
	j.Suggestions = pol.Suggestions(toolOfKey(c.Key), []string{c.Value}, d)
	return j
}

// Ask forwards a call Judge decided ask to the app's inbox and waits for the person's answer.
// When nobody answers, the call is left to Claude Code's own prompt, or denied for other
// clients, and that outcome is recorded.
func (g *Gate) Ask(ctx context.Context, c Call, j Judgement) Verdict {
	v, d := j.Verdict, j.Decision
	agent, callers := j.Agent, []string(nil)
	if j.Policy != nil && j.Policy.Name != "" {
		// The app loads personas by name: the nearest persona, and the chain's others.
		agent = j.Policy.Name
		for _, cl := range j.Policy.Callers {
			callers = append(callers, cl.Name)
		}
	}
	req := Request{
		Client: c.Client, Session: c.SessionKey(), AgentID: c.AgentID, Agent: agent, Callers: callers, Tool: c.Tool, Permission: c.Key,
		Value: c.Value, Cwd: c.Cwd, Reason: v.Reason, Rule: d.Rule, Source: d.Source(),
		Units: v.Units, Suggestions: j.Suggestions,
	}
	resp, err := g.Inbox.Forward(ctx, req, g.Wait)
	if err != nil {
		u := unanswered(c, v, err)
		// The log says what the agent was told and why: a neutral client is denied, not asked.
		why := unansweredWhy(c, err)
		if d.Reason != "" {
			why = d.Reason + "; " + why
		}
		d.Action, d.Reason = u.Action, why
		g.record(c, j.Agent, d)
		return u
	}
	return answered(v, resp)
}

// record tells the recorder about a decision the gate settled, naming the tool as the agent
// called it.
func (g *Gate) record(c Call, agent string, d engine.Decision) {
	if g.Recorder != nil {
		g.Recorder.Decided(decide.LogCall(c, agent), d, nil)
	}
}

func addReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// headlessNote says what an ask means when nobody sits at Claude Code: in `claude -p` an ask
// cannot be answered and ends as a refusal, so the model must not wait for a yes.
const headlessNote = "in a headless run such as claude -p nobody can answer, and the call is refused"

// unanswered is the verdict on an ask nobody answered: Claude Code asks the person in its own
// terminal; other clients are denied, because they may have nobody to ask.
func unanswered(c Call, asked Verdict, why error) Verdict {
	v := asked
	v.DecidedBy = ByGate
	reason := strings.TrimPrefix(asked.Reason, "agentmgr ")
	why = forwardError(why)
	if c.Client == ClientClaude {
		v.Action = engine.Ask
		v.Reason = fmt.Sprintf("agentmgr %s; %v, so Claude Code asks the person (%s)", reason, why, headlessNote)
		return v
	}
	v.Action = engine.Deny
	v.Reason = fmt.Sprintf("agentmgr denied the call: %s; %v", reason, why)
	return v
}

// unansweredWhy says, for the review log, why an ask was settled without an answer and how.
func unansweredWhy(c Call, why error) string {
	if c.Client == ClientClaude {
		return fmt.Sprintf("%v, so Claude Code asks the person (%s)", forwardError(why), headlessNote)
	}
	return fmt.Sprintf("%v, so the call is denied", forwardError(why))
}

// forwardError keeps the errors that say why nobody answered, and explains any other.
func forwardError(why error) error {
	switch {
	case errors.Is(why, ErrNotServing), errors.Is(why, ErrTimedOut), errors.Is(why, context.Canceled), errors.Is(why, context.DeadlineExceeded):
		return why
	}
	return fmt.Errorf("the question could not be forwarded to the app: %w", why)
}

// answered is the verdict the server's response gives. Anything but allow denies.
func answered(asked Verdict, r Response) Verdict {
	v := asked
	v.DecidedBy = r.By
	v.Action = engine.Deny
	if r.Action == engine.Allow {
		v.Action = engine.Allow
	}
	switch {
	case r.By == approvals.ByPerson && r.Reply == approvals.Once:
		v.Reason = "agentmgr: the person allowed this call once in the app"
	case r.By == approvals.ByPerson && r.Reply == approvals.Always:
		v.Reason = "agentmgr: the person allowed this call in the app and for the rest of the session: " + rulesText(r.Rules)
	case r.By == approvals.ByPerson && r.Reply == approvals.Reject && r.Cause != "":
		v.Reason = "agentmgr: the person rejected another call of this session while this one waited"
	case r.By == approvals.ByPerson && r.Reply == approvals.Reject:
		v.Reason = "agentmgr: the person rejected this call in the app"
	case r.By == approvals.BySessionRule && r.Action == engine.Allow:
		v.Reason = "agentmgr: allowed by a session rule the person added while this call waited"
	default:
		v.Reason = fmt.Sprintf("agentmgr: the app decided %s", v.Action)
	}
	if r.Reason != "" {
		v.Reason += " (" + r.Reason + ")"
	}
	if r.Message != "" {
		v.Reason += ": " + r.Message
	}
	if v.Action != r.Action {
		v.Reason += fmt.Sprintf(" [the app answered %q, which is not allow]", r.Action)
	}
	return v
}

// rulesText lists rules as `key "pattern"`, comma-separated.
func rulesText(rs engine.Ruleset) string {
	if len(rs) == 0 {
		return "no rule stored"
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%s %q", r.Permission, r.Pattern)
	}
	return strings.Join(parts, ", ")
}
