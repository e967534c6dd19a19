package inbox

import (
	"context"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// Prompt is a request that waits for the person: what the gate sent, and how the app decided
// it, for the dialog to show.
type Prompt struct {
	// Request is the request as the gate wrote it: tool, value, session, agent, cwd.
	Request Request
	// Decision is the app's ask decision: the rule that asked and, for shell commands, every
	// command with its own decision and always suggestion.
	Decision engine.Decision
	// Suggestions are the patterns an always reply stores unless the person edits them. Empty
	// when no session rule could allow the call (a guard asks): then only once or reject.
	Suggestions []string

	server  *Server
	pending *approvals.Pending
	cancel  context.CancelFunc // ends the context Ask was given
}

// ID is the request's inbox id.
func (p *Prompt) ID() string { return p.Request.ID }

// Reply answers the prompt as the person: once, always (Patterns as edited; empty means the
// suggestions) or reject (with an optional Message for the agent).
func (p *Prompt) Reply(r approvals.Reply) error { return p.server.Reply(p.Request.ID, r) }

// Done is closed once the prompt is settled, by its own reply or another way. It is closed
// before Reply returns, so a dialog that just replied never sees its prompt as still pending.
func (p *Prompt) Done() <-chan struct{} { return p.pending.Done() }
