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

// catalogLine is the decide the catalog's cost is measured with: a read every persona allows.
var catalogLine = decideLine(1, "read", `{"path":"src/main.go"}`) + "\n"

// catalogSizes are the catalogs a decide's cost is compared over: it must not grow with the
// number of persona files (docs/performance.md).
var catalogSizes = []int{5, 1000}

// BenchmarkDecideCatalog is one decide round trip with 5 and with 1,000 persona files in the
// agent dir: the prepared policy is used again while its files keep their stamps, so the cost
// stays flat.
func BenchmarkDecideCatalog(b *testing.B) {
	for _, n := range catalogSizes {
		b.Run(fmt.Sprintf("personas=%d", n), func(b *testing.B) {
			benchDecide(b, catalogFixture(b, n), catalogLine)
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

// rulesFixture is a server whose active persona is rulesPersona(n), alone in the agent dir.
func rulesFixture(tb testing.TB, n int) *fixture {
	tb.Helper()
	f := catalogFixture(tb, 0)
	testfiles.Write(tb, filepath.Join(f.dirs.Agent, "agents", "many.md"), rulesPersona(n))
	f.use(tb, "many")
	testfiles.Settle(tb, f.dirs.Agent)
	return f
}

// rulesLine is the decide the rules' cost is measured with: a shell command of two commands,
// each matched among the persona's many bash patterns.
var rulesLine = decideLine(1, "bash", `{"command":"tool003 status && tool004 -v"}`) + "\n"

// benchDecide measures one decide round trip of line on f's server, after a first that
// prepares the policy.
func benchDecide(b *testing.B, f *fixture, line string) {
	p, data := startPipe(b, f.srv), []byte(line)
	p.roundTrip(b, data)
	b.ReportAllocs()
	for b.Loop() {
		p.roundTrip(b, data)
	}
}

// BenchmarkDecideRules is one decide round trip with an active persona of 12 and of 167 rules:
// the prepared policy is compiled once, and evaluation is indexed by key, so the cost stays
// near flat.
func BenchmarkDecideRules(b *testing.B) {
	for _, n := range []int{12, 167} {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			benchDecide(b, rulesFixture(b, n), rulesLine)
		})
	}
}
