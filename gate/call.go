package gate

import (
	"fmt"

	"github.com/agentmgr/agentmgr/approvals"
)

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
