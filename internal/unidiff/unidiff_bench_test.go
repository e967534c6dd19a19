package unidiff

import (
	"fmt"
	"strings"
	"testing"
)

// prompt3000 is a persona file of 3,000 body lines; variant tells two versions apart.
func prompt3000(variant string) []byte {
	var b strings.Builder
	b.WriteString("---\ndescription: a long prompt\npermissions:\n  \"*\": ask\n---\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "Line %d of the %s prompt: say what the persona does, and why.\n", i, variant)
	}
	return []byte(b.String())
}

// BenchmarkUnifiedDiffRewrite3000 diffs a 3,000-line prompt against a full rewrite of it,
// the worst case of the diff shown before a save (every line differs: D = N + M). The target
// is memory: linear in the file, well under 100 MB (B/op is all that one diff allocates).
func BenchmarkUnifiedDiffRewrite3000(b *testing.B) {
	old, rewritten := prompt3000("old"), prompt3000("new")
	b.ReportAllocs()
	for b.Loop() {
		if Diff("a", "b", old, rewritten) == "" {
			b.Fatal("no diff")
		}
	}
}

// BenchmarkUnifiedDiffEdit3000 diffs a 3,000-line prompt against itself with ten lines
// changed through it, the common case of an edit in the File tab.
func BenchmarkUnifiedDiffEdit3000(b *testing.B) {
	old := prompt3000("old")
	lines := strings.SplitAfter(string(old), "\n")
	for i := 5; i < len(lines); i += 300 {
		lines[i] = "an edited line\n"
	}
	edited := []byte(strings.Join(lines, ""))
	b.ReportAllocs()
	for b.Loop() {
		if Diff("a", "b", old, edited) == "" {
			b.Fatal("no diff")
		}
	}
}
