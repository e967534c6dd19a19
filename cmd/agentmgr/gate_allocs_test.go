package main

import "testing"

// gateAllocBudget is the most allocations one in-process `agentmgr gate claude` call may make
// with a warm name index. It is a ceiling that only goes down: a change that allocates more per
// call fails here (allocations do not depend on machine load, times do).
const gateAllocBudget = 2_850

// A gate call allocates as much with 1,000 persona files as with 5: it finds the active
// persona by the name index, parsing only the files that can define it, and takes from the
// index only the entries of those files (and of the files that failed), without allocating
// for the other lines. Only the buffer the index is read into grows with the catalog.
func TestGateAllocationsDoNotGrowWithTheCatalog(t *testing.T) {
	sizes := []int{5, 1000}
	allocs := map[int]float64{}
	for _, n := range sizes {
		g := newGateCatalog(t, n)
		g.call(t) // builds the name index
		allocs[n] = testing.AllocsPerRun(10, func() { g.call(t) })
		if allocs[n] > gateAllocBudget {
			t.Errorf("a gate call with %d persona files makes %.0f allocations, over the budget of %d", n, allocs[n], gateAllocBudget)
		}
	}
	if small, large := allocs[sizes[0]], allocs[sizes[1]]; large > small*1.05 {
		t.Errorf("a gate call makes %.0f allocations with %d persona files and %.0f with %d: more than a twentieth more",
			large, sizes[1], small, sizes[0])
	}
}
