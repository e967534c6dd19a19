package serve

import (
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// decideAllocBudget is the most allocations one decide round trip of a read may make. It is
// a ceiling that only goes down: a change that allocates more per call, or allocates with the
// size of the catalog, fails here (allocations do not depend on machine load, times do).
const decideAllocBudget = 90

// decideRulesAllocBudget is decideAllocBudget for a shell command of two commands decided by a
// persona of many rules (BenchmarkDecideRules).
const decideRulesAllocBudget = 160

// A decide allocates as much with 1,000 persona files as with 5, and stays within its budget:
// the prepared policy is used again, the catalog is neither listed nor read.
func TestDecideAllocationsDoNotGrowWithTheCatalog(t *testing.T) {
	allocs := map[int]float64{}
	for _, n := range catalogSizes {
		f := catalogFixture(t, n)
		p := startPipe(t, f.srv)
		line := []byte(decideLine(1, "read", `{"path":"src/main.go"}`) + "\n")
		p.roundTrip(t, line) // prepares
		allocs[n] = testing.AllocsPerRun(50, func() { p.roundTrip(t, line) })
		if allocs[n] > decideAllocBudget {
			t.Errorf("a decide with %d persona files makes %.0f allocations, over the budget of %d", n, allocs[n], decideAllocBudget)
		}
	}
	if small, large := allocs[catalogSizes[0]], allocs[catalogSizes[1]]; large > small+2 {
		t.Errorf("a decide makes %.0f allocations with %d persona files and %.0f with %d: it grows with the catalog",
			large, catalogSizes[1], small, catalogSizes[0])
	}
}

// A decide allocates as much with an active persona of 167 rules as with one of 12: the
// prepared policy is compiled once, and evaluation is indexed by key.
func TestDecideAllocationsDoNotGrowWithTheRules(t *testing.T) {
	sizes := []int{12, 167}
	allocs := map[int]float64{}
	for _, n := range sizes {
		f := catalogFixture(t, 0)
		testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "many.md"), rulesPersona(n))
		f.use(t, "many")
		testfiles.Settle(t, f.dirs.Agent)
		p := startPipe(t, f.srv)
		line := []byte(decideLine(1, "bash", `{"command":"tool003 status && tool004 -v"}`) + "\n")
		p.roundTrip(t, line) // prepares
		allocs[n] = testing.AllocsPerRun(50, func() { p.roundTrip(t, line) })
		if allocs[n] > decideRulesAllocBudget {
			t.Errorf("a decide with a persona of %d rules makes %.0f allocations, over the budget of %d", n, allocs[n], decideRulesAllocBudget)
		}
	}
	if small, large := allocs[sizes[0]], allocs[sizes[1]]; large > small+2 {
		t.Errorf("a decide makes %.0f allocations with %d rules and %.0f with %d: it grows with the rules",
			large, sizes[1], small, sizes[0])
	}
}
