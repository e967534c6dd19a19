package personas

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// A rule map lists each permission once, so a rule can only stand next to its permission's
// other rules and never between two rules of another permission. A refused move or insert
// names the rule the person placed and the positions it can take, not a bystander.
func TestRulePlacementRefusalsNameThePlacedRule(t *testing.T) {
	t.Parallel()
	const text = "---\ndescription: d\npermissions:\n  edit:\n    \"*.md\": ask\n  \"*\": deny\n  read: allow\n  bash:\n    \"npm test *\": allow\n    \"go test *\": allow\n  webfetch: deny\n---\n"
	// rules: 1 edit *.md ask, 2 * * deny, 3 read * allow, 4 bash npm, 5 bash go, 6 webfetch * deny
	tests := []struct {
		name string
		edit func(d *Document) error
		want string
	}{
		{"move away from its permission", func(d *Document) error { return d.MoveRule(3, 0) },
			`rule 4 ("bash" "npm test *" allow) cannot go at 1: a rule map lists each permission once, so it must stand next to the other "bash" rules, at 4 to 5`},
		{"move into another permission's rules", func(d *Document) error { return d.MoveRule(0, 3) },
			`rule 1 ("edit" "*.md" ask) cannot go at 4, between two "bash" rules: a rule map lists each permission once, so it can go at 3 (before them) or 5 (after them)`},
		{"insert away from its permission", func(d *Document) error {
			return d.InsertRule(0, engine.Rule{Permission: "bash", Pattern: "ls *", Action: engine.Allow})
		}, `the new rule ("bash" "ls *" allow) cannot go at 1: a rule map lists each permission once, so it must stand next to the other "bash" rules, at 4 to 6`},
		{"insert between two rules of another permission", func(d *Document) error {
			return d.InsertRule(4, engine.Rule{Permission: "grep", Pattern: "*", Action: engine.Allow})
		}, `the new rule ("grep" "*" allow) cannot go at 5, between two "bash" rules: a rule map lists each permission once, so it can go at 4 (before them) or 6 (after them)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := NewDocument("a.md", []byte(text), ScopeGlobal)
			if err != nil {
				t.Fatal(err)
			}
			err = tt.edit(d)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v\nwant %s", err, tt.want)
			}
			if string(d.Bytes()) != text {
				t.Errorf("the refused edit changed the text to %q", d.Bytes())
			}
		})
	}
	t.Run("allowed places still work", func(t *testing.T) {
		d, err := NewDocument("a.md", []byte(text), ScopeGlobal)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.MoveRule(3, 4); err != nil { // swap the two bash rules
			t.Errorf("moving rule 4 to 5: %v", err)
		}
		if err := d.InsertRule(6, engine.Rule{Permission: "grep", Pattern: "*", Action: engine.Allow}); err != nil {
			t.Errorf("appending a grep rule: %v", err)
		}
	})
}
