package replay

import (
	"fmt"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// benchLog is n logged calls of a working session: shell commands, reads and edits, one in
// distinct of them a value not seen before (the rest repeat earlier calls, as real logs do).
func benchLog(n, distinct int) *Log {
	saved := rules("*", "*", "ask", "read", "*", "allow", "edit", "*", "allow", "edit", "*.env", "deny",
		"bash", "git *", "allow", "bash", "git push *", "ask", "bash", "go *", "allow", "bash", "rm *", "deny")
	pol := engine.NewPolicy(saved)
	entries := make([]reviewlog.Entry, n)
	for i := range n {
		k := i % distinct
		tool, value := "bash", ""
		switch k % 5 {
		case 0:
			value = fmt.Sprintf("git diff HEAD~%d -- pkg%d", k%7, k)
		case 1:
			value = fmt.Sprintf("go test ./pkg%d/... && git push origin b%d", k, k)
		case 2:
			tool, value = "read", fmt.Sprintf("src/pkg%d/file.go", k)
		case 3:
			tool, value = "edit", fmt.Sprintf("src/pkg%d/file.go", k)
		case 4:
			value = fmt.Sprintf("rm -rf build/%d | tee log%d", k, k)
		}
		d := pol.DecideToolValues(tool, []string{value})
		entries[i] = reviewlog.DecisionEntry(t0.Add(time.Duration(i)*time.Second), approvals.Call{Session: "s", Agent: "dev", Tool: tool, Values: []string{value}}, d, nil)
	}
	return FromEntries(entries)
}

// BenchmarkReplay re-decides 100,000 logged calls against a draft that moves one rule. Target:
// under 1 s. "repeating" has 5,000 distinct calls, "distinct" none repeated (the worst case).
func BenchmarkReplay(b *testing.B) {
	draft := engine.NewPolicy(rules("*", "*", "ask", "read", "*", "allow", "edit", "*", "allow", "edit", "*.env", "deny",
		"bash", "git push *", "ask", "bash", "git *", "allow", "bash", "go *", "allow", "bash", "rm *", "deny"))
	for _, bc := range []struct {
		name     string
		distinct int
	}{{"repeating", 5000}, {"distinct", 100_000}} {
		l := benchLog(100_000, bc.distinct)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if r := Replay(l, draft, Options{Agent: "dev"}); r.Calls != 100_000 || len(r.Changed) != 20_000 {
					b.Fatalf("replay: %d calls, %d changed", r.Calls, len(r.Changed))
				}
			}
		})
	}
}
