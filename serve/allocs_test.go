package serve

import (
	"fmt"
	"testing"
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
	checkAllocsStayFlat(t, allocCase{
		sizes: catalogSizes, fixture: catalogFixture, line: catalogLine,
		budget: decideAllocBudget, size: "%d persona files", grows: "the catalog",
	})
}

// A decide allocates as much with an active persona of 167 rules as with one of 12: the
// prepared policy is compiled once, and evaluation is indexed by key.
func TestDecideAllocationsDoNotGrowWithTheRules(t *testing.T) {
	checkAllocsStayFlat(t, allocCase{
		sizes: []int{12, 167}, fixture: rulesFixture, line: rulesLine,
		budget: decideRulesAllocBudget, size: "a persona of %d rules", grows: "the rules",
	})
}

// allocCase is one allocation budget of a decide: line decided on the fixtures of two sizes.
type allocCase struct {
	sizes   []int // the smaller, then the larger
	fixture func(testing.TB, int) *fixture
	line    string
	budget  int
	size    string // how a size reads in a message, with %d for it
	grows   string // what the cost must not grow with
}

// checkAllocsStayFlat fails when a decide of c.line, once the policy is prepared, allocates
// more than c.budget at either size, or more at the larger size than at the smaller.
func checkAllocsStayFlat(t *testing.T, c allocCase) {
	t.Helper()
	if raceDetector {
		// Under -race, sync.Pool drops items at random, so a decide's allocations vary from
		// run to run; make test-headless runs this test without the detector.
		t.Skip("allocation counts are not exact under the race detector; checked by the run without it")
	}
	allocs := map[int]float64{}
	for _, n := range c.sizes {
		p, line := startPipe(t, c.fixture(t, n).srv), []byte(c.line)
		p.roundTrip(t, line) // prepares
		allocs[n] = testing.AllocsPerRun(50, func() { p.roundTrip(t, line) })
		if allocs[n] > float64(c.budget) {
			t.Errorf("a decide with "+c.size+" makes %.0f allocations, over the budget of %d", n, allocs[n], c.budget)
		}
	}
	if small, large := allocs[c.sizes[0]], allocs[c.sizes[1]]; large > small+2 {
		t.Errorf("a decide makes %.0f allocations with %s and %.0f with %s: it grows with %s",
			large, fmt.Sprintf(c.size, c.sizes[1]), small, fmt.Sprintf(c.size, c.sizes[0]), c.grows)
	}
}
