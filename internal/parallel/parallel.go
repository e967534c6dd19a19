// Package parallel runs independent items of work on every CPU: a catalog's files parsed, the
// matrix's rows computed, a replay's distinct calls decided. Each goroutine takes the next item
// until none is left, so a slow item holds up one worker, not a fixed share of the work.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls f(i) for every i in [0, n) on up to GOMAXPROCS goroutines, and returns when every
// call has returned. f must be safe to call at once for different i (each writing its own
// slot of a slice, say); the order of the calls is not known.
func For(n int, f func(i int)) { ForEach(n, 1, f) }

// ForEach is For where a goroutine is worth starting only for at least per items: with fewer
// than two such shares, every call is made on this goroutine, where starting goroutines would
// cost more than it saves.
func ForEach(n, per int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/max(per, 1))
	if workers < 2 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}
