package preview

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// benchPersonas makes n personas shaped like real ones: a preset, then a dozen rules for shell
// commands, paths and custom tools.
func benchPersonas(n int) []Persona {
	r := rand.New(rand.NewPCG(50, 40))
	presets := builtin.Presets
	extra := [][3]string{
		{"bash", "git *", "allow"}, {"bash", "git push *", "ask"}, {"bash", "npm run *", "allow"}, {"bash", "rm -rf *", "deny"},
		{"bash", "sudo *", "deny"}, {"bash", "go test *", "allow"}, {"bash", "curl *", "ask"}, {"read", "*.env", "deny"},
		{"edit", "src/*", "allow"}, {"edit", "*.lock", "ask"}, {"read", "~/.ssh/*", "deny"}, {"webfetch", "https://*", "ask"},
		{"ctx_*", "*", "allow"}, {"ctx_execute", "*", "deny"}, {"mcp_github_*", "*", "ask"}, {"task", "*", "allow"},
	}
	var out []Persona
	for i := range n {
		rs, _ := builtin.Preset(presets[i%len(presets)])
		for range 6 + r.IntN(10) {
			x := extra[r.IntN(len(extra))]
			rs = append(rs, engine.Rule{Permission: x[0], Pattern: x[1], Action: engine.Action(x[2])})
		}
		out = append(out, Persona{Name: fmt.Sprintf("p%02d", i), Scope: "global", Rules: rs})
	}
	return out
}

// benchTools is the preview's tool list grown to n with custom tools.
func benchTools(n int) []string {
	tools := mapping.KnownTools("todo", "ctx_index", "ctx_search", "ctx_execute", "ctx_stats", "mcp_github_pr", "mcp_github_issue")
	for i := 0; len(tools) < n; i++ {
		tools = append(tools, fmt.Sprintf("custom_%d", i))
	}
	return tools[:n]
}

// BenchmarkMatrix50x40 computes the whole matrix from nothing: the target is under 5 ms, so
// that the matrix can follow every keystroke even without the cache.
func BenchmarkMatrix50x40(b *testing.B) {
	personas, tools := benchPersonas(50), benchTools(40)
	guards := []engine.Ruleset{guardRules("read", "*.env", "deny", "bash", "rm -rf /*", "deny")}
	for b.Loop() {
		c := NewCache(Options{Home: testHome})
		c.SetGuards(guards)
		c.Matrix(personas, tools, Filter{})
	}
}

// BenchmarkMatrixEdit500 is one keystroke in a catalog of 500 personas: one persona's rules
// change and the matrix is computed again through the cache.
func BenchmarkMatrixEdit500(b *testing.B) {
	personas, tools := benchPersonas(500), benchTools(40)
	c := NewCache(Options{Home: testHome})
	c.Matrix(personas, tools, Filter{})
	edited := personas[250].Rules
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		rs := append(engine.Ruleset(nil), edited...)
		personas[250].Rules = append(rs, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("make %d*", i), Action: engine.Allow})
		c.Matrix(personas, tools, Filter{})
	}
}
