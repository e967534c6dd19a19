package gate

import (
	"context"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/inbox"
)

// FuzzRuntimeGates feeds arbitrary bytes to the Codex and Gemini gates: nothing panics, input
// the parser refuses is denied, and every answer is an allow or a deny in the runtime's form.
func FuzzRuntimeGates(f *testing.F) {
	f.Add(codexPayload("Bash", `{"command":"ls"}`))
	f.Add(codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** Add File: secrets/x\n+x\n*** End Patch"}`))
	f.Add(geminiPayload("web_fetch", `{"prompt":"https://a.example/x"}`, ""))
	f.Add(geminiPayload("mcp_s_t", `{"argv":["rm","-r","x"]}`, `,"mcp_context":{"server_name":"s","tool_name":"t"}`))
	g := New(inbox.Inbox{Dir: f.TempDir()}, fixedPolicy(codexRules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, cerr := ParseCodex(data)
		if out := g.Codex(context.Background(), data); out != nil {
			if d := out.HookSpecificOutput; d.PermissionDecision != "deny" || d.PermissionDecisionReason == "" {
				t.Fatalf("codex answer %+v for %q, want a deny with a reason", d, data)
			}
		} else if cerr != nil {
			t.Fatalf("codex input %q the parser refuses (%v) was allowed", data, cerr)
		}
		_, gerr := ParseGemini(data)
		out := g.Gemini(context.Background(), data)
		switch {
		case out.Decision == "" && out.Reason != "", out.Decision != "" && (out.Decision != "deny" || out.Reason == ""):
			t.Fatalf("gemini answer %+v for %q, want {} or a deny with a reason", out, data)
		case gerr != nil && out.Decision != "deny":
			t.Fatalf("gemini input %q the parser refuses (%v) was allowed", data, gerr)
		}
	})
}
