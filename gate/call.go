package gate

import (
	"fmt"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
)

// Client is the protocol a call came in on (decide.Client).
type Client = decide.Client

// The protocols the gate speaks.
const (
	ClientClaude = decide.ClientClaude // Claude Code's PreToolUse hook
	ClientJSON   = decide.ClientJSON   // the neutral protocol
)

// Call is one tool call to decide, whatever protocol it came in on: the one call type of
// decide, which every adapter fills in and decide.Judge decides.
type Call = decide.Call

// checkSession refuses a session id that could not name a session's rules. The id becomes a
// file name in the session store, so a hostile id must not get that far.
func checkSession(id string) error {
	if err := approvals.ValidateSessionID(id); err != nil {
		return fmt.Errorf("the session id cannot be used: %w", err)
	}
	return nil
}

// MaxInput is the largest call, in bytes, the gate and eval decide (1 MiB). A bigger one is
// denied unread: an agent must not make the gate hold its input in memory (or the review log
// store it) at any size it likes. A Claude Code Write of a file over about 1 MiB is denied too.
const MaxInput = 1 << 20

// TooBig is the reason a call over MaxInput is refused with.
func TooBig() string {
	return fmt.Sprintf("the call is larger than %d bytes (1 MiB), the most agentmgr decides; it is refused unread", MaxInput)
}
