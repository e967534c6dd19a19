package preview

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// BenchmarkRunExamples decides the examples of 100 personas of 20 examples each, compiling
// each persona's rules once, as `agentmgr test` does after reading the files. Target: 50 ms.
func BenchmarkRunExamples(b *testing.B) {
	rs := rules(
		"*", "*", "ask", "read", "*", "allow", "grep", "*", "allow",
		"edit", "*", "allow", "edit", "*.env", "deny", "edit", "~/.ssh/*", "deny",
		"bash", "git *", "allow", "bash", "git push *", "ask", "bash", "go *", "allow",
		"bash", "rm *", "deny", "bash", "sudo *", "deny", "webfetch", "*", "deny",
	)
	ex := func(a engine.Action, tool, value string) Example { return Example{Expect: a, Tool: tool, Value: value} }
	exs := []Example{
		ex(engine.Allow, "read", "src/main.go"), ex(engine.Allow, "grep", "TODO"), ex(engine.Allow, "edit", "pkg/a.go"),
		ex(engine.Allow, "bash", "git status"), ex(engine.Allow, "bash", "git diff HEAD"), ex(engine.Allow, "bash", "go test ./..."),
		ex(engine.Allow, "bash", "go build ./... && go vet ./..."), ex(engine.Allow, "bash", "git log --oneline"),
		ex(engine.Ask, "bash", "git push origin main"), ex(engine.Ask, "bash", "make"), ex(engine.Ask, "bash", "npm install"),
		ex(engine.Ask, "todo", ""), ex(engine.Ask, "task", "explore"), ex(engine.Ask, "bash", "python3 -c 'print(1)'"),
		ex(engine.Deny, "bash", "rm -rf /"), ex(engine.Deny, "bash", "sudo rm -rf build"), ex(engine.Deny, "edit", ".env"),
		ex(engine.Deny, "edit", "~/.ssh/config"), ex(engine.Deny, "webfetch", "https://x.test"), ex(engine.Deny, "bash", "git status && rm x"),
	}
	personas := make([]engine.Ruleset, 100)
	for i := range personas {
		personas[i] = append(engine.Ruleset(nil), rs...)
	}
	for b.Loop() {
		for _, p := range personas {
			if f := Failed(RunExamples(p, exs)); len(f) > 0 {
				b.Fatal(f[0].Message())
			}
		}
	}
}
