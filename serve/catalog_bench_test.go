package serve

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// catalogFixture is a server whose agent dir holds n persona files besides the active one
// (guarded), every file settled an hour back, as a catalog that is not being edited is.
func catalogFixture(tb testing.TB, n int) *fixture {
	tb.Helper()
	f := newFixture(tb, WithRecorder(nil)) // the review log's file append is measured in reviewlog
	for i := range n {
		body := fmt.Sprintf("---\ndescription: persona %d\npermissions:\n  \"*\": ask\n  read: allow\n  bash:\n    \"git *\": allow\n    \"rm *\": deny\n---\nYou are persona %d.\n", i, i)
		testfiles.Write(tb, filepath.Join(f.dirs.Agent, "agents", fmt.Sprintf("p%04d.md", i)), body)
	}
	testfiles.Settle(tb, f.dirs.Agent)
	return f
}

// catalogSizes are the catalogs a decide's cost is compared over: it must not grow with the
// number of persona files (docs/performance.md).
var catalogSizes = []int{5, 1000}

// BenchmarkDecideCatalog is one decide round trip with 5 and with 1,000 persona files in the
// agent dir: the prepared policy is used again while its files keep their stamps, so the cost
// stays flat.
func BenchmarkDecideCatalog(b *testing.B) {
	for _, n := range catalogSizes {
		b.Run(fmt.Sprintf("personas=%d", n), func(b *testing.B) {
			f := catalogFixture(b, n)
			p := startPipe(b, f.srv)
			line := []byte(decideLine(1, "read", `{"path":"src/main.go"}`) + "\n")
			p.roundTrip(b, line)
			b.ReportAllocs()
			for b.Loop() {
				p.roundTrip(b, line)
			}
		})
	}
}

// rulesPersona is a persona of about n rules: most of them bash patterns, as a long-grown
// persona's are.
func rulesPersona(n int) string {
	var b []byte
	b = append(b, "---\ndescription: many rules\npermissions:\n  \"*\": ask\n  read: allow\n  edit:\n    \"*\": ask\n    \"*.env\": deny\n  bash:\n    \"*\": ask\n"...)
	for i := range n - 5 {
		b = fmt.Appendf(b, "    \"tool%03d *\": allow\n", i)
	}
	return string(append(b, "---\nMany rules.\n"...))
}

// BenchmarkDecideRules is one decide round trip with an active persona of 12 and of 167 rules:
// the prepared policy is compiled once, and evaluation is indexed by key, so the cost stays
// near flat.
func BenchmarkDecideRules(b *testing.B) {
	for _, n := range []int{12, 167} {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			f := catalogFixture(b, 0)
			testfiles.Write(b, filepath.Join(f.dirs.Agent, "agents", "many.md"), rulesPersona(n))
			f.use(b, "many")
			testfiles.Settle(b, f.dirs.Agent)
			p := startPipe(b, f.srv)
			line := []byte(decideLine(1, "bash", `{"command":"tool003 status && tool004 -v"}`) + "\n")
			p.roundTrip(b, line)
			b.ReportAllocs()
			for b.Loop() {
				p.roundTrip(b, line)
			}
		})
	}
}
