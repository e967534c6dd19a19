package opencode

import (
	"encoding/json"
	"testing"

	"github.com/agentmgr/agentmgr/internal/jsonc"
	"github.com/agentmgr/agentmgr/internal/ownedfile/ownedfiletest"
)

// FuzzRenderParse: any binary path survives install and status (Render, then Parse), and
// Parse never panics on what it reads from disk.
func FuzzRenderParse(f *testing.F) { ownedfiletest.Fuzz(f, contract) }

// FuzzStripJSONC: a JSON document reads the same after stripJSONC (it only takes out what
// JSON does not have), and nothing panics on any input.
func FuzzStripJSONC(f *testing.F) {
	for _, s := range []string{`{"a":"//x"}`, `{"a":[1,2,],}`, `/* x */{}`, `{"a":"\"/*"}`, `"\`, `//`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := jsonc.Strip([]byte(s))
		var before, after any
		if json.Unmarshal([]byte(s), &before) != nil {
			return
		}
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("stripJSONC(%q) = %q, no longer JSON: %v", s, out, err)
		}
		b1, _ := json.Marshal(before)
		b2, _ := json.Marshal(after)
		if string(b1) != string(b2) {
			t.Fatalf("stripJSONC(%q) changed the document: %s -> %s", s, b1, b2)
		}
	})
}
