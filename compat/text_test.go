package compat

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

func TestHiddenDelta(t *testing.T) {
	cases := []struct {
		am, mine []string
		want     string
	}{
		{[]string{"bash", "read"}, []string{"read"}, "pi-agent-manager 0.18.1 also hides bash"},
		{[]string{"edit"}, []string{"apply_patch", "edit"}, "agentmgr also hides apply_patch"},
		{[]string{"a"}, []string{"b"}, "pi-agent-manager 0.18.1 also hides a; agentmgr also hides b"},
		{[]string{"a"}, []string{"a"}, ""},
	}
	for _, c := range cases {
		if got := HiddenDelta(c.am, c.mine); got != c.want {
			t.Errorf("HiddenDelta(%v, %v) = %q, want %q", c.am, c.mine, got, c.want)
		}
	}
}

func TestRuleDelta(t *testing.T) {
	p := &personas.Persona{Rules: engine.Ruleset{{Permission: "bash", Pattern: "*", Action: engine.Deny}}}
	cases := []struct {
		name string
		am   []pam.Rule
		want string
	}{
		{"same", []pam.Rule{{Permission: "bash", Pattern: "*", Action: "deny"}}, ""},
		{"action_object", []pam.Rule{{Permission: "bash", Pattern: "action", Action: "deny"}},
			`pi-agent-manager 0.18.1 reads rule 1 as "bash" "action" deny, agentmgr as "bash" "*" deny`},
		{"count", nil, "pi-agent-manager 0.18.1 reads 0 rules, agentmgr 1"},
	}
	for _, c := range cases {
		if got := ruleDelta(c.am, p); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
