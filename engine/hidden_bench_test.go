package engine

import (
	"fmt"
	"testing"

	"github.com/agentmgr/agentmgr/mapping"
)

// BenchmarkHidden50x40 computes the hidden tools of 50 personas over 40 tools (target < 5 ms),
// compiling each persona's rules as a fresh edit would.
func BenchmarkHidden50x40(b *testing.B) {
	tools := mapping.KnownTools()
	for i := len(tools); i < 40; i++ {
		tools = append(tools, fmt.Sprintf("mcp_tool_%d", i))
	}
	sets := make([]Ruleset, 50)
	for i := range sets {
		rs := rules("*", "*", "deny", "read", "*", "allow", "grep", "*", "allow", "bash", "git *", "allow")
		for j := 0; j < 20; j++ {
			rs = append(rs, Rule{Permission: fmt.Sprintf("mcp_tool_%d", (i+j)%40), Pattern: "*", Action: Action([]string{"allow", "ask", "deny"}[j%3])})
		}
		sets[i] = rs
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rs := range sets {
			p := &Policy{Persona: Compile(rs)}
			p.SplitTools(tools)
		}
	}
}
