package personas

import (
	"testing"

	"github.com/agentmgr/agentmgr/builtin"
)

// FuzzParse checks that any input either parses or fails with errors that all have a file, a
// line and a column inside the file, and never panics.
func FuzzParse(f *testing.F) {
	for _, n := range builtin.Names {
		b, _ := builtin.File(n)
		f.Add(b)
	}
	f.Add(fm("description: d", "permissions:", "  bash: {\"rm *\": {action: deny, reason: r}}"))
	f.Add(fm("description: d", "permission: [read, write]", "name: X"))
	f.Add([]byte("---\r\ndescription: d\r\npermissions: plan\r\n---\r\nbody"))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("---\na: &x {b: c}\nd: *x\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, probs := Parse("f.md", data, ScopeGlobal)
		errs := Errors(probs)
		if (p == nil) != (len(errs) > 0) {
			t.Fatalf("Parse(%q): persona %v with errors %v", data, p != nil, errs)
		}
		lines := 1
		for _, c := range data {
			if c == '\n' {
				lines++
			}
		}
		for _, e := range probs {
			if e.File != "f.md" || e.Line < 1 || e.Col < 1 || e.Line > lines || e.Message == "" {
				t.Fatalf("Parse(%q): problem without a position in the file: %+v", data, e)
			}
		}
		if p != nil && !ValidName(p.Name) {
			t.Fatalf("Parse(%q): invalid name %q accepted", data, p.Name)
		}
	})
}

// FuzzParseLegacy checks the legacy JSON reader the same way.
func FuzzParseLegacy(f *testing.F) {
	f.Add([]byte(`{"agents":[{"name":"a","description":"d","permissions":["read"]}]}`))
	f.Add([]byte(`{"agents":[{"name":"a"},{"name":"a","description":"d","permissions":"plan"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, probs := ParseLegacy("l.json", data)
		for _, p := range ps {
			if !ValidName(p.Name) || p.Description == "" {
				t.Fatalf("ParseLegacy(%q): accepted %+v", data, p)
			}
		}
		for _, e := range probs {
			if e.Line < 1 || e.Col < 1 || e.Message == "" {
				t.Fatalf("ParseLegacy(%q): problem without a position: %+v", data, e)
			}
		}
	})
}
