//go:build race

package serve

// raceDetector is true when the tests run under -race, whose sync.Pool drops items at random:
// allocation counts are then not exact, and the budgets are checked by the run without it.
const raceDetector = true
