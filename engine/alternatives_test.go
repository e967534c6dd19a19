package engine

import (
	"slices"
	"testing"
)

func TestCandidates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		perm, key string
		want      bool
	}{
		{"*", "bash", true},
		{"ba*", "bash", true},
		{"b?sh", "bash", true},
		{"bash *", "bash", true}, // the optional tail applies to permissions too
		{"~", "~", true},         // and no home expansion: keys are names
		{"ctx_*", "ctx_execute", true},
		{"**", "", true},
		{"read", "reads", false},
	}
	for _, tt := range tests {
		c := Compile(Ruleset{{Permission: "other", Pattern: "*", Action: Allow}, {Permission: tt.perm, Pattern: "*", Action: Deny}})
		got := c.Candidates(tt.key)
		if want := map[bool][]int{true: {1}, false: {}}[tt.want]; !slices.Equal(got, want) {
			t.Errorf("permission %q, key %q: Candidates = %v, want %v", tt.perm, tt.key, got, want)
		}
	}
	c := Compile(rules("bash", "a", "allow", "*", "*", "ask", "bash", "b", "deny", "read", "*", "deny", "ba*", "*", "allow"))
	if got := c.Candidates("bash"); !slices.Equal(got, []int{0, 1, 2, 4}) {
		t.Errorf("Candidates(bash) = %v, want the literal and wildcard rules in file order", got)
	}
}
