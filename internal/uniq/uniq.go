// Package uniq keeps the first of each value of a list, in order: the tool universe compat
// reads, the notes of a converted rule, the commands an export compares, each once.
package uniq

// Of returns the values of xs without repeats, each where it first stands (nil when xs is
// empty); xs is not changed.
func Of[T comparable](xs []T) []T {
	seen := make(map[T]bool, len(xs))
	var out []T
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
