package personaedit

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

const ruleChangeFixture = "---\ndescription: R.\npermissions:\n  \"*\": ask\n  read: allow\n  bash:\n    \"git diff *\": allow\n---\nP.\n"

func TestRuleChangeMarksResetsAndFilters(t *testing.T) {
	m, _ := openSourceFixture(t, ruleChangeFixture)
	for i := range m.Draft().Rules {
		if c := m.RuleChange(i); c != RuleSaved {
			t.Fatalf("rule %d of a file just read is %v; want saved", i, c)
		}
	}
	m.SetRule(1, RuleRow{Permission: "read", Pattern: "*", Action: engine.Deny})
	m.SelectRule(2)
	m.MoveRule(-1) // git diff * now second, read third: moving keeps each rule's identity
	m.AddRule()
	if got := []RuleChange{m.RuleChange(0), m.RuleChange(1), m.RuleChange(2), m.RuleChange(3)}; got[0] != RuleSaved || got[1] != RuleSaved || got[2] != RuleChanged || got[3] != RuleNew {
		t.Fatalf("changes = %v; want saved, saved, changed, new", got)
	}
	if !m.RuleShown(1, "DIFF", false) || m.RuleShown(0, "diff", false) || !m.RuleShown(2, "deny", false) {
		t.Error("find in rules does not match key, pattern and action in any case")
	}
	if m.RuleShown(0, "", true) || !m.RuleShown(2, "", true) || !m.RuleShown(3, "", true) {
		t.Error("modified only shows a saved rule or hides a changed or new one")
	}
	m.ResetRule(3)
	m.ResetRule(2)
	if n := len(m.Draft().Rules); n != 3 || m.RuleChange(2) != RuleSaved || m.Draft().Rules[2].Action != engine.Allow {
		t.Fatalf("after resetting: %d rules, rule 3 %v %s; want 3 rules, read * allow again", n, m.RuleChange(2), m.Draft().Rules[2].Action)
	}
	m.Undo()
	if m.RuleChange(2) != RuleChanged {
		t.Error("Undo does not take back a reset")
	}
}
