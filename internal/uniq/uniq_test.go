package uniq

import (
	"slices"
	"testing"
)

func TestOfKeepsTheFirstOfEachInOrder(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"none", nil, nil},
		{"no repeats", []string{"b", "a"}, []string{"b", "a"}},
		{"a repeat keeps its first place", []string{"b", "a", "b", "c", "a"}, []string{"b", "a", "c"}},
		{"the empty string is a value", []string{"", "x", ""}, []string{"", "x"}},
	}
	for _, tt := range tests {
		in := slices.Clone(tt.in)
		if got := Of(in); !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("%s: Of(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
		if !slices.Equal(in, tt.in) {
			t.Errorf("%s: Of changed its argument to %q", tt.name, in)
		}
	}
}
