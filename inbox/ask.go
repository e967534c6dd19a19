package inbox

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

// Ask forwards call c, which the rules judged ask (j), to the app's inbox and waits (w) for
// the person's answer. When nobody answers, the call is left to Claude Code's own prompt, or
// denied for other clients, and that outcome is told to rec (nil records nothing); a call the
// app answers is recorded by the app's approvals.
func (in Inbox) Ask(ctx context.Context, c decide.Call, j decide.Judgement, w Wait, rec approvals.Recorder) decide.Verdict {
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
	resp, err := in.Forward(ctx, req, w)
	if err != nil {
		u := unanswered(c, v, err)
		// The log says what the agent was told and why: a neutral client is denied, not asked.
		why := unansweredWhy(c, err)
		if d.Reason != "" {
			why = d.Reason + "; " + why
		}
		d.Action, d.Reason = u.Action, why
		if rec != nil {
			rec.Decided(decide.LogCall(c, j.Agent), d, nil)
		}
		return u
	}
	return answered(v, resp)
}

// headlessNote says what an ask means when nobody sits at Claude Code: in `claude -p` an ask
// cannot be answered and ends as a refusal, so the model must not wait for a yes.
const headlessNote = "in a headless run such as claude -p nobody can answer, and the call is refused"

// unanswered is the verdict on an ask nobody answered: Claude Code asks the person in its own
// terminal; other clients are denied, because they may have nobody to ask.
func unanswered(c decide.Call, asked decide.Verdict, why error) decide.Verdict {
	v := asked
	v.DecidedBy = decide.ByGate
	reason := strings.TrimPrefix(asked.Reason, "agentmgr ")
	why = forwardError(why)
	if c.Client == decide.ClientClaude {
		v.Action = engine.Ask
		v.Reason = fmt.Sprintf("agentmgr %s; %v, so Claude Code asks the person (%s)", reason, why, headlessNote)
		return v
	}
	v.Action = engine.Deny
	v.Reason = fmt.Sprintf("agentmgr denied the call: %s; %v", reason, why)
	return v
}

// unansweredWhy says, for the review log, why an ask was settled without an answer and how.
func unansweredWhy(c decide.Call, why error) string {
	if c.Client == decide.ClientClaude {
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
func answered(asked decide.Verdict, r Response) decide.Verdict {
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
		v.Reason = "agentmgr: the person allowed this call in the app and for the rest of the session: " + decide.RulesText(r.Rules)
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
