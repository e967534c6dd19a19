package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzServeLine feeds any line to a server: it must answer with exactly one JSON line, and
// never allow a call it could not read.
func FuzzServeLine(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"type":"hello"}`,
		`{"id":2,"type":"decide","session":"s1","tool":"bash","input":{"command":"rm -rf /"}}`,
		`{"id":3,"type":"decide","session":"s1","tool":"read","input":"x"}`,
		`{"id":4,"type":"use","step":7}`,
		`{"id":[],"type":"hello"}`,
		`{"type":"reply","request":"pi-1","reply":"always"}`,
		"\xff\xfe",
	} {
		f.Add(s)
	}
	fx := newFixture(f, WithRecorder(nil))
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n") {
			return
		}
		var out bytes.Buffer
		if err := fx.srv.Serve(context.Background(), strings.NewReader(line+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(line) == "" {
			if out.Len() != 0 {
				t.Fatalf("an empty line got %q", out.String())
			}
			return
		}
		if strings.Count(out.String(), "\n") != 1 || !json.Valid(out.Bytes()) {
			t.Fatalf("line %q got %q, want one JSON line", line, out.String())
		}
		var r Reply
		_ = json.Unmarshal(out.Bytes(), &r)
		var req Request
		if r.Decision != nil && r.Action == "allow" && (json.Unmarshal([]byte(line), &req) != nil || req.Type != TypeDecide) {
			t.Fatalf("line %q was allowed", line)
		}
	})
}
