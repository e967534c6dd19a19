package gate

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// FuzzPatchPaths checks the apply_patch reader against what Codex's parser reads: every line
// that, trimmed, starts with a file header yields its path (or an error), no path is empty, and
// no path is listed twice.
func FuzzPatchPaths(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n")
	f.Add("*** Begin Patch\n*** Update File: b.txt\n*** Move to: c.txt\n@@\n-a\n+b\n*** End of File\n*** End Patch")
	f.Add("  *** Delete File:  d.txt \r\n")
	f.Add("*** Copy File: x\n")
	f.Add("*** Add File:\n")
	f.Fuzz(func(t *testing.T, text string) {
		paths, err := PatchPaths(text)
		for i, p := range paths {
			if p == "" || strings.TrimSpace(p) != p {
				t.Fatalf("PatchPaths(%q) gave path %q, want a trimmed non-empty path", text, p)
			}
			if slices.Contains(paths[:i], p) {
				t.Fatalf("PatchPaths(%q) lists %q twice", text, p)
			}
		}
		if err != nil {
			return
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			for _, m := range patchFileMarks {
				if p, ok := strings.CutPrefix(line, m); ok && !slices.Contains(paths, strings.TrimSpace(p)) {
					t.Fatalf("PatchPaths(%q) = %q misses the file of line %q", text, paths, line)
				}
			}
		}
	})
}

// FuzzRuntimeGates feeds arbitrary bytes to the Codex and Gemini gates: nothing panics, input
// the parser refuses is denied, and every answer is an allow or a deny in the runtime's form.
func FuzzRuntimeGates(f *testing.F) {
	f.Add(codexPayload("Bash", `{"command":"ls"}`))
	f.Add(codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** Add File: secrets/x\n+x\n*** End Patch"}`))
	f.Add(geminiPayload("web_fetch", `{"prompt":"https://a.example/x"}`, ""))
	f.Add(geminiPayload("mcp_s_t", `{"argv":["rm","-r","x"]}`, `,"mcp_context":{"server_name":"s","tool_name":"t"}`))
	g := &Gate{Inbox: Inbox{Dir: f.TempDir()}, Policy: fixedPolicy(codexRules), Wait: Wait{Grace: time.Millisecond, Poll: time.Millisecond}}
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
