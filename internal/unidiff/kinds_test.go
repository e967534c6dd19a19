package unidiff

import (
	"slices"
	"testing"
)

func TestKinds(t *testing.T) {
	t.Parallel()
	const (
		o = Other
		h = Hunk
		c = Context
		r = Removed
		a = Added
	)
	tests := []struct {
		name string
		text string
		want []Kind
	}{
		{"a change with context", "--- a\n+++ b\n@@ -1,3 +1,3 @@\n x\n-y\n+z\n w\n", []Kind{o, o, h, c, r, a, c, o}},
		{"a removed front-matter fence is a removed line", Diff("a", "/dev/null", []byte("---\nname: x\n---\n"), nil), []Kind{o, o, h, r, r, r, o}},
		{"added lines that look like headers", "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+++ c\n+-- d\n", []Kind{o, o, h, a, a, o}},
		{"the no-newline marker goes with its line", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n", []Kind{o, o, h, r, a, a, o}},
		{"text around two diffs", "a.md: changed\n--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n\nb.md: added\n", []Kind{o, o, o, h, r, a, o, o, o}},
		{"a header whose counts lie", "@@ -1,5 +1,5 @@\n-x\nnote\n", []Kind{h, r, o, o}},
		{"not a header", "@@ -x +1 @@\n-x\n", []Kind{o, o, o}},
	}
	for _, tt := range tests {
		if got := Kinds(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Kinds(%q) = %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}
