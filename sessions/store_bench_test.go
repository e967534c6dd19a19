package sessions

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

func benchStore(b *testing.B, rules int) *Store {
	s := New(filepath.Join(b.TempDir(), "sessions"))
	var rs engine.Ruleset
	for i := 0; i < rules; i++ {
		rs = append(rs, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("cmd%d *", i), Action: engine.Allow})
	}
	if _, err := s.Put("s1", rs, 0, approvals.OperatorAuthority); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkGet measures what every decision with a session pays: reading its file.
func BenchmarkGet(b *testing.B) {
	s := benchStore(b, 100)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Get("s1"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppend measures an always reply's write: lock, read, check, temp file, fsync, rename.
func BenchmarkAppend(b *testing.B) {
	s := benchStore(b, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if _, err := approvals.AppendSessionRules(s, "s1", approvals.OperatorAuthority, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("x%d", i), Action: engine.Deny}); err != nil {
			b.Fatal(err)
		}
	}
}
