package wildcard

import "testing"

// allGlobs lists every pattern of up to n symbols over a small alphabet.
func allGlobs(alphabet string, n int) []string {
	out := []string{""}
	level := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, p := range level {
			for _, c := range alphabet {
				next = append(next, p+string(c))
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

func TestMeetAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	// A shortest common string spends each character on a non-star symbol of one of the two
	// patterns, so strings up to 6 characters decide every pair of 3-symbol patterns; 'c'
	// stands for a character neither pattern names.
	patterns := allGlobs("ab*?", 3)
	values := allGlobs("abc", 6)
	for _, a := range patterns {
		for _, b := range patterns {
			want := false
			for _, v := range values {
				if starGlob(a).Match(v) && starGlob(b).Match(v) {
					want = true
					break
				}
			}
			if got := Meet(a, b); got != want {
				t.Fatalf("Meet(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}
