package personas

import (
	"bytes"
	"testing"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
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
	f.Add(fm("description: d", "permissions: build", "examples:", `  allow: ["bash: git diff", read, {edit: a.go}]`, "  deny:", "    - bash: rm -rf /"))
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

// FuzzRoundTrip checks the writer: any input either fails to parse with positioned errors or
// round-trips byte for byte, and then takes a field edit and a prompt edit that read back as
// written, leaving the rules as they were.
func FuzzRoundTrip(f *testing.F) {
	for _, n := range builtin.Names {
		b, _ := builtin.File(n)
		f.Add(b)
	}
	for _, data := range corpus(f) {
		f.Add(data)
	}
	f.Add([]byte("---\r\n# c\r\ndescription: d # x\r\npermissions: {a: allow}\r\n---\r\nbody"))
	f.Add([]byte("---\ndescription: >-\n  folded\n  text\npermissions:\n  bash:\n    \"rm *\": {action: deny, reason: r}\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := NewDocument("f.md", data, ScopeGlobal)
		if err != nil {
			_, probs := Parse("f.md", data, ScopeGlobal)
			for _, p := range Errors(probs) {
				if p.Line < 1 || p.Col < 1 {
					t.Fatalf("unpositioned error for %q: %v", data, p)
				}
			}
			return
		}
		if !bytes.Equal(d.Bytes(), data) {
			t.Fatalf("round trip changed %q to %q", data, d.Bytes())
		}
		rules := d.Rules()
		if err := d.Set("description", "a: b # c"); err == nil {
			if got := d.Persona().Description; got != "a: b # c" {
				t.Fatalf("description of %q reads %q after Set", data, got)
			}
			if err := sameRules(d.Rules(), rules); err != nil {
				t.Fatalf("Set description changed the rules of %q: %v", data, err)
			}
		}
		if err := d.SetPrompt("new\nprompt"); err == nil && d.Persona().Prompt != "new\nprompt" {
			t.Fatalf("prompt of %q reads %q after SetPrompt", data, d.Persona().Prompt)
		}
		// Rule edits either work (and then read back as intended: the writer checks) or are
		// refused and leave the text as it was.
		if d.Persona().Form == FormRules {
			try := func(what string, edit func() error) {
				before := d.Bytes()
				if err := edit(); err != nil && !bytes.Equal(before, d.Bytes()) {
					t.Fatalf("%s on %q failed (%v) but changed the text to %q", what, data, err, d.Bytes())
				}
			}
			try("AddRule", func() error {
				return d.AddRule(engine.Rule{Permission: "zz_fuzz", Pattern: "a b", Action: engine.Ask, Reason: "r"})
			})
			try("InsertRule", func() error {
				return d.InsertRule(0, engine.Rule{Permission: "yy_fuzz", Pattern: "*", Action: engine.Deny})
			})
			if rs := d.Rules(); len(rs) > 1 {
				r := rs[1]
				r.Action, r.Pattern = engine.Allow, r.Pattern+" x"
				try("SetRule", func() error { return d.SetRule(1, r) })
				try("RemoveRule", func() error { return d.RemoveRule(len(d.Rules()) - 1) })
				try("MoveRule", func() error { return d.MoveRule(0, len(d.Rules())-1) })
			}
		}
	})
}
