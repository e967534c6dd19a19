package gemini_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/gemini"
)

// The hook install writes: every tool (a regular expression), a timeout longer than the
// gate's wait, and a command that blocks the call when agentmgr is gone.
func ExampleHook() {
	h := gemini.Hook("/usr/local/bin/agentmgr")
	fmt.Println(h.Event, h.Matcher, h.Timeout)
	fmt.Println(h.Command)
	// Output:
	// BeforeTool .* 130000
	// '/usr/local/bin/agentmgr' gate gemini || { echo 'agentmgr (/usr/local/bin/agentmgr) is missing or failed, so Gemini CLI'\''s call is blocked; run `agentmgr gemini install`' >&2; exit 2; }
}
