package personas

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// FuzzAddExample adds an example to examples blocks of every shape: a refusal leaves the text
// alone, a success reads back with the example listed under its key and every other example
// still there.
func FuzzAddExample(f *testing.F) {
	f.Add("", "ask", "bash: git push")
	f.Add("examples:\n  allow: [\"read: a\"]  # c\n", "allow", "read: b")
	f.Add("examples:\n  deny:\n  - 'bash: rm -rf /'\n", "deny", "edit: \"x\"")
	f.Add("examples:\n  ask: read\n", "ask", "bash: a # b")
	f.Add("examples: {}\n", "deny", "x: [y]")
	f.Add("examples:\n  allow: [a,\n    b]\n", "allow", "c: d, e")
	f.Fuzz(func(t *testing.T, block, expect, example string) {
		src := "---\ndescription: d\npermissions: build\n" + block + "---\nbody\n"
		d, err := NewDocument("a.md", []byte(src), ScopeGlobal)
		if err != nil {
			return
		}
		before := d.Persona().Examples
		if err := d.AddExample(engine.Action(expect), example); err != nil {
			if string(d.Bytes()) != src {
				t.Fatalf("a refused AddExample changed the text:\n%q\n->\n%q", src, d.Bytes())
			}
			return
		}
		tool, value, _ := ParseExample(example)
		after := d.Persona().Examples
		want := Example{Expect: engine.Action(expect), Tool: tool, Value: value}
		if !slices.ContainsFunc(after, want.same) {
			t.Fatalf("AddExample(%s, %q) on %q: not read back; examples %+v", expect, example, src, after)
		}
		for _, b := range before {
			if !slices.ContainsFunc(after, b.same) {
				t.Fatalf("AddExample(%s, %q) on %q lost %+v", expect, example, src, b)
			}
		}
		if !strings.HasSuffix(string(d.Bytes()), "---\nbody\n") {
			t.Fatalf("the body changed: %q", d.Bytes())
		}
	})
}
