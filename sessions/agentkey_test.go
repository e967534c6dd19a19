package sessions

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
)

func TestAgentKeyIsOnePerAgent(t *testing.T) {
	long := strings.Repeat("s", approvals.MaxSessionIDLen-3)
	keys := map[string]string{}
	for _, tc := range []struct{ session, agent string }{
		{"s1", ""}, {"s1", "a91c27e4b5d03f68"}, {"s1", "a2"}, {"s2", "a2"}, {"s1", "bad/id"}, {"s1", "bad id"},
		{long, "a1"}, {long, "a2"}, {"s1", "x.agent-y"}, {"s1.agent-x", "y"},
	} {
		k := AgentKey(tc.session, tc.agent)
		if err := approvals.ValidateSessionID(k); err != nil {
			t.Errorf("AgentKey(%q, %q) = %q: %v", tc.session, tc.agent, k, err)
		}
		if prev, ok := keys[k]; ok {
			t.Errorf("AgentKey(%q, %q) = %q, the same as %s", tc.session, tc.agent, k, prev)
		}
		keys[k] = tc.session + "/" + tc.agent
	}
	if AgentKey("s1", "") != "s1" {
		t.Error("the main thread's key is not the session id")
	}
}
