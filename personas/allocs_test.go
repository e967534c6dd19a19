package personas

import "testing"

// load1000AllocBudget is the most allocations loading 1,000 persona files may make. It is a
// ceiling that only goes down (allocations do not depend on machine load, times do): parsing
// each file's YAML twice, as the catalog once did, made 1.89 million.
const load1000AllocBudget = 900_000

func TestLoad1000StaysWithinItsAllocationBudget(t *testing.T) {
	d := load1000(t)
	allocs := testing.AllocsPerRun(1, func() { Load(d) })
	if allocs > load1000AllocBudget {
		t.Errorf("loading 1,000 persona files makes %.0f allocations, over the budget of %d", allocs, load1000AllocBudget)
	}
}
