package sessions

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
)

// AgentKey is the id a session's rules are kept under for one agent of it: the session id for
// the main thread (agent ""), and the session id with the agent's id for a subagent. Claude
// Code's subagents share their session's id, so without this an "always" the person gave one
// subagent would cover every other and the main thread. An agent id that cannot be part of a
// session id (or would make it too long) is replaced by its hash, so that the key stays valid
// and distinct.
func AgentKey(session, agent string) string {
	if agent == "" {
		return session
	}
	key := session + ".agent-" + agent
	if approvals.ValidateSessionID(key) == nil && !strings.Contains(agent, ".agent-") {
		return key
	}
	sum := sha256.Sum256([]byte(agent))
	key = session + ".agent-h" + hex.EncodeToString(sum[:8])
	if approvals.ValidateSessionID(key) == nil {
		return key
	}
	// A session id near the length limit: hash both, still a valid id of this agent alone.
	all := sha256.Sum256([]byte(session + "\x00" + agent))
	return "agent-h" + hex.EncodeToString(all[:16])
}
