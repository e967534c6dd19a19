package compat

import (
	"strings"
	"testing"
)

func TestCheckEdit(t *testing.T) {
	const ok = "---\ndescription: d\npermissions:\n  bash: deny\n---\n"
	const reason = "---\ndescription: d\npermissions:\n  bash:\n    \"rm *\": {action: deny, reason: no}\n---\n"
	const number = "---\nname: 123\ndescription: d\npermissions: read\n---\n"
	cases := []struct {
		name          string
		before, after string
		new           bool
		guard         bool
		already       bool
		breaks        bool
		msg           string
	}{
		{name: "still_loads", before: ok, after: ok},
		{name: "reason_makes_it_skip", before: ok, after: reason, guard: true, msg: "skips this whole file after this change"},
		{name: "new_file_with_reason", new: true, after: reason, guard: true, msg: "agentmgr-only"},
		{name: "already_skipped", before: reason, after: reason, guard: true, already: true, msg: "already skips"},
		{name: "skipped_to_breaking_is_new", before: reason, after: number, guard: true, breaks: true, msg: "fails to load entirely"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before []byte
			if !c.new {
				before = []byte(c.before)
			}
			g := CheckEdit("/x/p.md", before, []byte(c.after))
			if (g != nil) != c.guard {
				t.Fatalf("guard %+v, want one: %v", g, c.guard)
			}
			if g == nil {
				return
			}
			if g.Already != c.already || g.Breaks != c.breaks || !strings.Contains(g.Message(), c.msg) {
				t.Errorf("guard %+v message %q; want already=%v breaks=%v and %q", g, g.Message(), c.already, c.breaks, c.msg)
			}
		})
	}
}
