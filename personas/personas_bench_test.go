package personas

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
)

// load1000 writes a catalog of 1,000 persona files (each with a rule map of a dozen rules,
// comments and a prompt) and returns its folders.
func load1000(tb testing.TB) locations.Dirs {
	root := tb.TempDir()
	files := map[string]string{}
	for i := range 1000 {
		files[fmt.Sprintf("agents/p%04d.md", i)] = fmt.Sprintf(`---
# persona %d
name: p%04d
description: "Persona number %d, for the benchmark"
icon: "🤖"
color: accent
model: some/model   # kept for other tools
permissions:
  "*": deny
  read: allow
  grep: allow
  glob: allow
  list: allow
  edit:
    "src/**": allow
    "*.env": deny
  bash:
    "git *": allow
    "go test *": allow
    "rm *": {action: deny, reason: "use the trash"}
  webfetch: ask
---
You are persona %d. Read the code, then answer.

Keep answers short.
`, i, i, i, i)
	}
	writeFiles(tb, root, files)
	return locations.Dirs{Agent: root}
}

// BenchmarkLoad1000 loads a catalog of 1,000 persona files; one op is one whole Load. Target:
// < 150 ms.
func BenchmarkLoad1000(b *testing.B) {
	d := load1000(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c := Load(d)
		if n := len(c.Personas()); n != 1002 {
			b.Fatalf("loaded %d personas, want 1002; problems %v", n, c.Problems()[:min(3, len(c.Problems()))])
		}
	}
}

// BenchmarkParse parses one persona file of the size above.
func BenchmarkParse(b *testing.B) {
	data := fm("name: p", "description: d", "permissions:", `  "*": deny`, "  read: allow", "  bash:", `    "git *": allow`, `    "rm *": {action: deny, reason: r}`)
	for b.Loop() {
		if p, _ := Parse("p.md", data, ScopeGlobal); p == nil {
			b.Fatal("parse failed")
		}
	}
}

// BenchmarkEditRule opens a commented persona, inserts a rule into a pattern map and renders
// the result (what the app does on every rule edit before showing the diff).
func BenchmarkEditRule(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "12-comments-everywhere.md"))
	if err != nil {
		b.Fatal(err)
	}
	r := engine.Rule{Permission: "bash", Pattern: "go vet *", Action: engine.Allow}
	for b.Loop() {
		d, err := NewDocument("p.md", data, ScopeGlobal)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.InsertRule(5, r); err != nil {
			b.Fatal(err)
		}
		if d.Diff() == "" {
			b.Fatal("no change")
		}
	}
}
