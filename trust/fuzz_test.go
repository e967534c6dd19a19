package trust

import "testing"

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
