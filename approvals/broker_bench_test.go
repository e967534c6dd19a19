package approvals

import (
	"fmt"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// BenchmarkApprovalsAskReply measures one call that asks and its once reply, with the session
// read from the store on every Ask as the flow does.
func BenchmarkApprovalsAskReply(b *testing.B) {
	store := NewMemoryStore()
	for i := 0; i < 50; i++ {
		if _, err := AppendSessionRules(store, "s1", OperatorAuthority, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("tool%d *", i), Action: engine.Allow}); err != nil {
			b.Fatal(err)
		}
	}
	ap := New(store, nil)
	pol := &engine.Policy{Persona: engine.Compile(askPersona)}
	call := Call{Session: "s1", Tool: "bash", Values: []string{"git push origin main && npm run build"}}
	b.ReportAllocs()
	for b.Loop() {
		_, p, err := ap.Ask(pol, call)
		if err != nil || p == nil {
			b.Fatalf("Ask = %v, %v", p, err)
		}
		if _, err := ap.Reply(p.ID, Reply{Kind: Once}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckAuthority measures the tool-side check of a write appending one deny to a
// session of 200 rules, the common tightening write.
func BenchmarkCheckAuthority(b *testing.B) {
	var old engine.Ruleset
	for i := 0; i < 200; i++ {
		a := engine.Allow
		if i%10 == 0 {
			a = engine.Deny
		}
		old = append(old, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("cmd%d *", i), Action: a})
	}
	next := append(append(engine.Ruleset{}, old...), engine.Rule{Permission: "bash", Pattern: "curl *", Action: engine.Ask})
	b.ReportAllocs()
	for b.Loop() {
		if err := CheckAuthority(old, next, ToolAuthority); err != nil {
			b.Fatal(err)
		}
	}
}
