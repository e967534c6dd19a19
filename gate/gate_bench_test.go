package gate

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/inbox"
)

// BenchmarkGateClaude is the gate's work for one Claude Code event that needs no prompt:
// parse, decide with a 17-rule persona, render. Start-up and persona loading are measured on
// the built binary (see docs/performance.md).
func BenchmarkGateClaude(b *testing.B) {
	for _, name := range []string{"read-allow", "bash-one-of-two-deny"} {
		input, err := os.ReadFile("testdata/claude/" + name + ".event.json")
		if err != nil {
			b.Fatal(err)
		}
		g := New(inbox.Inbox{Dir: b.TempDir()}, fixedPolicy(testRules(b, "testdata/claude/rules.json")),
			WithWait(inbox.Wait{Grace: time.Millisecond}))
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if out := g.Claude(context.Background(), input); out.HookSpecificOutput.PermissionDecision == "ask" {
					b.Fatal("the event asked; the benchmark is for calls that need no prompt")
				}
			}
		})
	}
}
