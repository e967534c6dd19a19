package parallel

import (
	"sync/atomic"
	"testing"
)

// Every item is worked on exactly once, however many items and whatever the share per
// goroutine, and none when there are none.
func TestEveryItemOnce(t *testing.T) {
	t.Parallel()
	for _, per := range []int{0, 1, 8} {
		for _, n := range []int{0, 1, 2, 7, 8, 16, 1000} {
			calls := make([]atomic.Int32, n)
			ForEach(n, per, func(i int) { calls[i].Add(1) })
			for i := range calls {
				if c := calls[i].Load(); c != 1 {
					t.Errorf("n=%d per=%d: item %d worked on %d times, want once", n, per, i, c)
				}
			}
		}
	}
}

// A share too small for two goroutines is worked on by the caller, in order.
func TestFewItemsRunInOrderOnTheCaller(t *testing.T) {
	t.Parallel()
	var order []int // appended without a lock: a second goroutine would be a data race
	ForEach(7, 8, func(i int) { order = append(order, i) })
	for i, got := range order {
		if got != i {
			t.Fatalf("order = %v, want 0 to 6 in order", order)
		}
	}
	if len(order) != 7 {
		t.Fatalf("order = %v, want 7 items", order)
	}
}
