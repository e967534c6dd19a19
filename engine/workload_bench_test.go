package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// workload is testdata/bench/workload.json at the repository root, shared with a reference
// implementation.
type workload struct {
	Evaluate struct {
		Rules    Ruleset     `json:"rules"`
		Queries  [][2]string `json:"queries"`
		Expected []Action    `json:"expected"`
	} `json:"evaluate"`
	Bash struct {
		Permission string   `json:"rules_permission"`
		Commands   []string `json:"commands"`
	} `json:"bash"`
}

func loadWorkload(tb testing.TB) *workload {
	tb.Helper()
	// The workload is a fixture of this repository: a missing file is a broken checkout, never a skip.
	data, err := os.ReadFile(filepath.Join("..", "testdata", "bench", "workload.json"))
	if err != nil {
		tb.Fatalf("workload: %v", err)
	}
	var w workload
	if err := json.Unmarshal(data, &w); err != nil {
		tb.Fatalf("workload.json: %v", err)
	}
	return &w
}

// TestWorkloadAnswers checks every query of the shared workload against the reference's answer.
func TestWorkloadAnswers(t *testing.T) {
	t.Parallel()
	w := loadWorkload(t)
	c := Compile(w.Evaluate.Rules)
	wrong := 0
	for i, q := range w.Evaluate.Queries {
		if got := c.Evaluate(q[0], q[1]).Action; got != w.Evaluate.Expected[i] {
			if wrong++; wrong <= 10 {
				t.Errorf("query %d Evaluate(%q, %q) = %s, reference says %s", i, q[0], q[1], got, w.Evaluate.Expected[i])
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%d of %d answers differ from the reference", wrong, len(w.Evaluate.Queries))
	}
}

// BenchmarkWorkloadEvaluate times one evaluation per b.N step over the shared workload.
func BenchmarkWorkloadEvaluate(b *testing.B) {
	w := loadWorkload(b)
	c := Compile(w.Evaluate.Rules)
	qs := w.Evaluate.Queries
	for i, q := range qs {
		if got := c.Evaluate(q[0], q[1]).Action; got != w.Evaluate.Expected[i] {
			b.Fatalf("query %d: got %s, want %s", i, got, w.Evaluate.Expected[i])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := qs[i%len(qs)]
		c.Evaluate(q[0], q[1])
	}
}

// BenchmarkWorkloadShell analyses and decides one command of the shared workload per b.N step.
func BenchmarkWorkloadShell(b *testing.B) {
	w := loadWorkload(b)
	p := &Policy{Persona: Compile(w.Evaluate.Rules)}
	cmds := w.Bash.Commands
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.DecideShell(w.Bash.Permission, cmds[i%len(cmds)])
	}
}

// BenchmarkEvaluateUnrelatedRules shows that rules for other keys cost nothing.
func BenchmarkEvaluateUnrelatedRules(b *testing.B) {
	for _, n := range []int{10, 1000, 100000} {
		rs := make(Ruleset, 0, n+1)
		rs = append(rs, Rule{Permission: "bash", Pattern: "git *", Action: Allow})
		for i := 0; i < n; i++ {
			rs = append(rs, Rule{Permission: "other" + string(rune('a'+i%26)), Pattern: "*", Action: Deny})
		}
		c := Compile(rs)
		b.Run(string(rune('0'+len(rs)%10))+"rules_"+itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c.Evaluate("bash", "git status")
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
