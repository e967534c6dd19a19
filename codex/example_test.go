package codex_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/codex"
)

// The key and hash Codex keeps a hook's trust under: Codex runs the hook only while the hash of
// what it says matches the one recorded.
func ExampleTrustHash() {
	fmt.Println(codex.TrustKey("/home/u/.codex/hooks.json", 0, 0))
	fmt.Println(codex.TrustHash("*", "/usr/bin/agentmgr gate codex", 130))
	// Output:
	// /home/u/.codex/hooks.json:pre_tool_use:0:0
	// sha256:c78646b4b2c9d272b296f08045ec4f1de936b95d7f957932fbaadc3dab201cf2
}
