package trust

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// The trust stores are read on every call: no input may make the readers panic, and pi's store
// is read whole or not at all.
func FuzzParsePiStore(f *testing.F) {
	for _, s := range []string{`{}`, `{"/a": true, "/a/b": null}`, "\uFEFF{\"/x\": false}", `{"a": 1}`, `[]`, `{"a": true} x`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parsePiStore(data)
		if err != nil && entries != nil {
			t.Errorf("an error with entries: %v", entries)
		}
		_ = nearest(entries, "/a/b/c")
	})
}

func FuzzDecodeStore(f *testing.F) {
	for _, s := range []string{`{"version": 1, "projects": {}}`, `{"version": 1, "projects": {"/p": {"trusted": true, "files": [{"path": "agents/a.md", "sum": "x"}]}}}`, `{"version": 2}`, `null`, `{"version": 1} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := store{}
		if err := decodeStore(data, &s); err == nil {
			if _, err := s.marshal(); err != nil {
				t.Errorf("a store read cannot be written: %v", err)
			}
		}
	})
}

// Whatever a project file held when trusted and holds now, its diff is shown from the copy
// kept, and never panics: a file that differs has one diff, headed by its trusted copy.
func FuzzDiffs(f *testing.F) {
	for _, s := range [][2]string{{"a\n", "b\n"}, {"a", "a\n"}, {"", "x"}, {"x\r\ny\n", "x\ny\n"}, {"\x00\xff", "\xff\x00"}} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, then, now []byte) {
		d := project(t)
		helper := filepath.Join(d.ProjectAgents(), "helper.md")
		testfiles.Write(t, helper, string(then))
		mustTrust(t, d)
		testfiles.Write(t, helper, string(now))
		diffs := Diffs(d, Of(d))
		if bytes.Equal(then, now) {
			if len(diffs) != 0 {
				t.Fatalf("equal contents: Diffs = %+v", diffs)
			}
			return
		}
		if len(diffs) != 1 || diffs[0].Note != "" || !strings.HasPrefix(diffs[0].Diff, "--- agents/helper.md (trusted)\n+++ agents/helper.md (now)\n@@ ") {
			t.Fatalf("Diffs = %+v, want one diff from the trusted copy", diffs)
		}
	})
}
