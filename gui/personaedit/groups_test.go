package personaedit

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func rows(spec ...string) []RuleRow {
	var out []RuleRow
	for i := 0; i+2 < len(spec)+1; i += 3 {
		out = append(out, RuleRow{Permission: spec[i], Pattern: spec[i+1], Action: engine.Action(spec[i+2])})
	}
	return out
}

func TestGroupActionReadsTheLastRuleThatTouchesEachKey(t *testing.T) {
	tests := []struct {
		name  string
		rows  []RuleRow
		group string
		want  engine.Action
	}{
		{"no rule asks", nil, "Shell", engine.Ask},
		{"catch-all key decides every group", rows("*", "*", "deny"), "Web", engine.Deny},
		{"all read keys allowed", rows("*", "*", "ask", "read", "*", "allow", "grep", "*", "allow", "glob", "*", "allow", "list", "*", "allow"), "Read", engine.Allow},
		{"one read key differs", rows("*", "*", "ask", "read", "*", "allow"), "Read", GroupMixed},
		{"a narrower later rule is mixed", rows("bash", "*", "allow", "bash", "rm *", "deny"), "Shell", GroupMixed},
		{"a later catch-all overrides narrower rules", rows("bash", "git *", "allow", "bash", "*", "deny"), "Shell", engine.Deny},
		{"one mcp server's rule makes MCP mixed", rows("*", "*", "allow", "mcp__github__*", "*", "deny"), "MCP", GroupMixed},
		{"mcp keys allowed by pattern", rows("mcp__*", "*", "allow", "mcp", "*", "allow"), "MCP", engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := groupNamed(tt.group)
			if got := groupAction(tt.rows, g); got != tt.want {
				t.Errorf("groupAction(%s) = %q; want %q", tt.group, got, tt.want)
			}
		})
	}
}

func TestSetGroupRewritesOrAppendsWithoutReordering(t *testing.T) {
	tests := []struct {
		name  string
		rows  []RuleRow
		group string
		to    engine.Action
		want  []RuleRow
	}{
		{"appends a rule per key", rows("*", "*", "ask"), "Web", engine.Allow,
			rows("*", "*", "ask", "websearch", "*", "allow", "webfetch", "*", "allow")},
		{"rewrites the key's own last catch-all", rows("bash", "*", "ask", "edit", "*", "allow"), "Shell", engine.Deny,
			rows("bash", "*", "deny", "edit", "*", "allow")},
		{"appends after a narrower rule instead of dropping it", rows("bash", "*", "allow", "bash", "rm *", "deny"), "Shell", engine.Ask,
			rows("bash", "*", "allow", "bash", "rm *", "deny", "bash", "*", "ask")},
		{"leaves keys that already decide so", rows("read", "*", "allow"), "Read", engine.Allow,
			rows("read", "*", "allow", "grep", "*", "allow", "glob", "*", "allow", "list", "*", "allow")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := groupNamed(tt.group)
			got := setGroup(tt.rows, g, tt.to)
			if len(got) != len(tt.want) {
				t.Fatalf("setGroup = %v; want %v", got, tt.want)
			}
			for i := range got {
				if !got[i].SameRule(tt.want[i]) {
					t.Fatalf("rule %d = %v; want %v", i, got[i], tt.want[i])
				}
			}
			if a := groupAction(got, g); a != tt.to {
				t.Errorf("after setGroup the group is %q; want %q", a, tt.to)
			}
		})
	}
}

func TestModelSetGroupEditsTheDraftAndUndoes(t *testing.T) {
	m, _ := openSourceFixture(t, ruleChangeFixture)
	m.SetGroup("Shell", engine.Deny)
	d := m.Draft()
	if last := d.Rules[len(d.Rules)-1]; !last.SameRule(RuleRow{Permission: "bash", Pattern: "*", Action: engine.Deny}) {
		t.Fatalf("last rule = %v; want bash * deny", last)
	}
	if !m.Dirty() {
		t.Error("setting a group leaves the persona unchanged")
	}
	for _, s := range Groups(m.Draft().Rules) {
		if s.Group.Name == "Shell" && s.Action != engine.Deny {
			t.Errorf("Shell is %q after SetGroup deny", s.Action)
		}
	}
	m.SetGroup("Nope", engine.Allow)
	m.SetGroup("Shell", GroupMixed)
	if n := len(m.Draft().Rules); n != len(d.Rules) {
		t.Errorf("an unknown group or the mixed state changed the rules: %d rules, want %d", n, len(d.Rules))
	}
	m.Undo()
	if m.Dirty() {
		t.Error("Undo does not take back a group change")
	}
}
