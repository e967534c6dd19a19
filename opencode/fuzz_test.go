package opencode

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzRenderParse: any binary path survives install and status (Render, then Parse), and
// Parse never panics on what it reads from disk.
func FuzzRenderParse(f *testing.F) {
	for _, s := range []string{"/usr/bin/agentmgr", `/a "b"/c\d`, "/x\n/y", "/\u2028/z", ""} {
		f.Add(s, "1.0")
	}
	f.Fuzz(func(t *testing.T, binary, version string) {
		_, _ = Parse([]byte(binary))
		if binary == "" || !utf8.ValidString(binary) || !utf8.ValidString(version) {
			return
		}
		in, err := Parse(Render(binary, version))
		if err != nil || in.Binary != binary || in.Version != version {
			t.Fatalf("Parse(Render(%q, %q)) = %+v, %v", binary, version, in, err)
		}
	})
}

// FuzzStripJSONC: a JSON document reads the same after stripJSONC (it only takes out what
// JSON does not have), and nothing panics on any input.
func FuzzStripJSONC(f *testing.F) {
	for _, s := range []string{`{"a":"//x"}`, `{"a":[1,2,],}`, `/* x */{}`, `{"a":"\"/*"}`, `"\`, `//`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := stripJSONC([]byte(s))
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
