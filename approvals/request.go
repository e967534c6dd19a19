package approvals

import (
	"context"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// Call is one tool call of an agent in a session, as the approval flow sees it.
type Call struct {
	Session string
	Agent   string
	// AgentID names the subagent that made the call (Claude Code's agent_id); "" for the
	// main thread.
	AgentID string
	// CallID is the agent's id for the call (Claude Code's tool_use_id); "" when none.
	CallID string
	Tool   string
	// Subagent names the subagent that made the call, and Parent the session of the agent
	// that started it (a pi-subagents child); both "" for a call of the main agent.
	Subagent string
	Parent   string
	// Values are what the call acts on: one shell command, one or several paths, a URL. No
	// values is decided as one empty value.
	Values []string
}

// Request is a call that was decided ask and waits for a person's reply (docs/approvals.md).
type Request struct {
	ID         string
	Session    string
	Agent      string
	Subagent   string // as in Call
	Parent     string // as in Call
	Tool       string
	Permission string   // the permission key the tool maps to
	Values     []string // as the call gave them
	// Suggestions are the patterns an always reply stores unless the person edits them: for
	// shell tools, one per command that asked (its first words and " *"); for path tools, the
	// folder of each path that asked followed by "/*"; for other tools "*". Empty when no
	// session rule could turn this call into allow (a guard asks, or the shell analysis could
	// not read the command).
	Suggestions []string
	Decision    engine.Decision // the ask decision, to show why
	Asked       time.Time
}

// ReplyKind is how a person answers a request.
type ReplyKind string

// The three replies.
const (
	Once   ReplyKind = "once"   // allow this call only
	Always ReplyKind = "always" // allow it, and store allow rules for the session
	Reject ReplyKind = "reject" // deny it, and every other pending call of the session
)

// Reply is an answer to a pending request.
type Reply struct {
	Kind ReplyKind
	// Patterns are what an always reply stores, one allow rule each for the request's
	// permission key, as the person edited them; empty means the request's suggestions.
	Patterns []string
	// Message is a reject's explanation for the agent.
	Message string
	// By is who answered. An always reply stores allow rules, which loosens, so it needs
	// OperatorAuthority: whatever relays a person's answer says so; anything else is refused.
	By Authority
	// Into is the session an always reply stores its rules into: one of the sessions whose
	// rules decide the request (Held.Rules, such as a subagent's own rules in its parent
	// session); "" means the first, the request's own session for a request Ask opened.
	Into string
}

// Resolver says what settled a call, as the review log records it.
type Resolver string

// What can settle a call.
const (
	ByPerson      Resolver = "person"       // a person replied to this request
	ByRule        Resolver = "rule"         // a rule decided without asking anyone
	BySessionRule Resolver = "session rule" // an always reply to another request of the session
)

// Resolution is how a request ended.
type Resolution struct {
	Request string        // the request's ID
	Action  engine.Action // Allow or Deny
	Reply   ReplyKind
	By      Resolver
	// Cause is the request whose reply settled this one, when that was another request (an
	// always that now covers it, or a reject of the whole session).
	Cause   string
	Message string // a reject's message for the agent
	// Rules are the session rules an always reply stored, and Revision the session's revision
	// after storing them; both are empty for other replies.
	Rules    engine.Ruleset
	Revision uint64
}

// Pending is a request waiting for its resolution, as Broker.Ask hands it to the caller.
type Pending struct {
	Request
	done chan struct{}
	res  Resolution
}

// Done is closed once the request is resolved.
func (p *Pending) Done() <-chan struct{} { return p.done }

// Resolution returns how the request ended, and false while it is still pending.
func (p *Pending) Resolution() (Resolution, bool) {
	select {
	case <-p.done:
		return p.res, true
	default:
		return Resolution{}, false
	}
}

// Wait blocks until the request is resolved or ctx ends.
func (p *Pending) Wait(ctx context.Context) (Resolution, error) {
	select {
	case <-p.done:
		return p.res, nil
	case <-ctx.Done():
		return Resolution{}, ctx.Err()
	}
}

// Recorder is told every decision and every resolution, for the review log. Its methods are
// called one at a time, in the order things happened, outside the approvals' state lock; they
// must not block for long, and must not call back into the Broker (that would deadlock).
type Recorder interface {
	// Decided is called for every call Ask decides; req is nil unless the call asks.
	Decided(call Call, d engine.Decision, req *Request)
	// Resolved is called once per request, when it is resolved.
	Resolved(req Request, res Resolution)
}
