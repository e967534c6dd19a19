package preview

import (
	"fmt"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// matrixEdit500AllocBudget is the most allocations the matrix of 500 personas may make after
// one persona's edit. It is a ceiling that only goes down: when every row's shell posture was
// compiled again on each recompute it made about 30,000.
const matrixEdit500AllocBudget = 1_500

func TestMatrixEdit500StaysWithinItsAllocationBudget(t *testing.T) {
	personas, tools := benchPersonas(500), benchTools(40)
	c := NewCache(Options{Home: testHome})
	c.Matrix(personas, tools, Filter{})
	edited, i := personas[250].Rules, 0
	allocs := testing.AllocsPerRun(5, func() {
		i++
		rs := append(engine.Ruleset(nil), edited...)
		personas[250].Rules = append(rs, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("make %d*", i), Action: engine.Allow})
		c.Matrix(personas, tools, Filter{})
	})
	if allocs > matrixEdit500AllocBudget {
		t.Errorf("the matrix of 500 personas after one edit makes %.0f allocations, over the budget of %d", allocs, matrixEdit500AllocBudget)
	}
}
