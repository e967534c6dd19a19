package engine

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

func TestGlobsMeetAgreesWithBruteForce(t *testing.T) {
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
			if got := globsMeet(a, b); got != want {
				t.Fatalf("globsMeet(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

func TestRulesOverlap(t *testing.T) {
	tests := []struct {
		a, b Rule
		want bool
	}{
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "bash", Pattern: "rm -i x"}, true},
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "read", Pattern: "rm x"}, false},
		{Rule{Permission: "b*", Pattern: "rm *"}, Rule{Permission: "*h", Pattern: "*"}, true},
		{Rule{Permission: "bash", Pattern: "git"}, Rule{Permission: "bash", Pattern: "git *"}, true},
		{Rule{Permission: "bash", Pattern: "git push *"}, Rule{Permission: "bash", Pattern: "git status"}, false},
		{Rule{Permission: "read", Pattern: "a/b/*"}, Rule{Permission: "read", Pattern: `a\b\c`}, true},
		{Rule{Permission: "read", Pattern: "~/x/*"}, Rule{Permission: "read", Pattern: HomeDir() + "/x/y"}, HomeDir() != ""},
		{Rule{Permission: "read", Pattern: "**.env"}, Rule{Permission: "read", Pattern: "*.env.example"}, false},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcp", Pattern: "x"}, true},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcpx", Pattern: "x"}, false},
	}
	for _, tt := range tests {
		if got := RulesOverlap(tt.a, tt.b); got != tt.want {
			t.Errorf("RulesOverlap(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := RulesOverlap(tt.b, tt.a); got != tt.want {
			t.Errorf("RulesOverlap(%v, %v) = %v, want %v (swapped)", tt.b, tt.a, got, tt.want)
		}
	}
}
