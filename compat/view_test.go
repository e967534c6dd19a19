package compat

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

func TestViewOf(t *testing.T) {
	tools := []string{"bash", "edit", "read", "apply_patch"}
	cases := []struct {
		name   string
		p      personas.Persona
		data   string
		status string
		hidden []string
		mark   string
	}{
		{"builtin_planner", personas.Persona{Name: "planner", Scope: personas.ScopeBuiltin}, "", StatusLoads, []string{"apply_patch", "bash", "edit"}, ""},
		{"project_unread", personas.Persona{Name: "p", Scope: personas.ScopeProject, Path: "/p/.pi/agents/p.md"}, "", StatusUnread, nil, ""},
		{"reason_skips", personas.Persona{Name: "r", Scope: personas.ScopeGlobal, Path: "/a/agents/r.md"},
			"---\ndescription: d\npermissions:\n  bash: {\"rm *\": {action: deny, reason: x}}\n---\n", StatusSkips, nil, "skipped by pi-agent-manager 0.18.1"},
		{"number_name_breaks", personas.Persona{Name: "n", Scope: personas.ScopeGlobal, Path: "/a/agents/n.md"},
			"---\nname: 1\ndescription: d\npermissions: read\n---\n", StatusBreaks, nil, "breaks pi-agent-manager 0.18.1"},
		{"git_allow_hides_bash", personas.Persona{Name: "g", Scope: personas.ScopeGlobal, Path: "/a/agents/g.md"},
			"---\ndescription: d\npermissions:\n  \"*\": deny\n  bash: {\"git *\": allow}\n---\n", StatusLoads, []string{"apply_patch", "bash", "edit", "read"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := ViewOf(&c.p, []byte(c.data), tools)
			if v.Status != c.status || strings.Join(v.Hidden, " ") != strings.Join(c.hidden, " ") || v.Mark() != c.mark {
				t.Errorf("ViewOf = %+v mark %q; want %s %v %q", v, v.Mark(), c.status, c.hidden, c.mark)
			}
		})
	}
}

func TestViewNote(t *testing.T) {
	v := View{Status: StatusLoads, Hidden: []string{"bash", "edit"}}
	if n := v.Note([]string{"edit", "bash"}); n != "" {
		t.Errorf("same answers give a note: %q", n)
	}
	n := v.Note([]string{"edit"})
	for _, want := range []string{"Hidden by agentmgr: edit", "Hidden by pi-agent-manager 0.18.1: bash edit", "depends on what you run"} {
		if !strings.Contains(n, want) {
			t.Errorf("note %q lacks %q", n, want)
		}
	}
	if !v.Differs("bash", false) || v.Differs("edit", true) || (View{Status: StatusSkips}).Differs("bash", true) {
		t.Errorf("Differs is wrong")
	}
	if n := (View{Status: StatusSkips, Reason: "Missing agent name"}).Note(nil); !strings.Contains(n, "skipped by pi-agent-manager 0.18.1: Missing agent name") {
		t.Errorf("skip note %q", n)
	}
}

func TestShortMark(t *testing.T) {
	for _, c := range []struct{ status, want string }{{StatusSkips, "AM skips"}, {StatusBreaks, "AM breaks"}, {StatusLoads, ""}, {StatusUnread, ""}} {
		if got := (View{Status: c.status}).ShortMark(); got != c.want {
			t.Errorf("ShortMark(%s) = %q, want %q", c.status, got, c.want)
		}
	}
}
