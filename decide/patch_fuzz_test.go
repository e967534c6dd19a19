package decide

import (
	"slices"
	"strings"
	"testing"
)

// FuzzPatchPaths checks the apply_patch reader against what Codex's parser reads: every line
// that, trimmed, starts with a file header yields its path (or an error), no path is empty, and
// no path is listed twice.
func FuzzPatchPaths(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n")
	f.Add("*** Begin Patch\n*** Update File: b.txt\n*** Move to: c.txt\n@@\n-a\n+b\n*** End of File\n*** End Patch")
	f.Add("  *** Delete File:  d.txt \r\n")
	f.Add("*** Copy File: x\n")
	f.Add("*** Add File:\n")
	f.Fuzz(func(t *testing.T, text string) {
		paths, err := PatchPaths(text)
		for i, p := range paths {
			if p == "" || strings.TrimSpace(p) != p {
				t.Fatalf("PatchPaths(%q) gave path %q, want a trimmed non-empty path", text, p)
			}
			if slices.Contains(paths[:i], p) {
				t.Fatalf("PatchPaths(%q) lists %q twice", text, p)
			}
		}
		if err != nil {
			return
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			for _, m := range patchFileMarks {
				if p, ok := strings.CutPrefix(line, m); ok && !slices.Contains(paths, strings.TrimSpace(p)) {
					t.Fatalf("PatchPaths(%q) = %q misses the file of line %q", text, paths, line)
				}
			}
		}
	})
}
