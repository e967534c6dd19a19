package personaedit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

const mergeBase = `---
description: Merges.
permissions:
  "*": ask
  bash:
    "git *": allow
    "rm *": deny
---
Prompt.
`

// openRules opens a persona written as mergeBase in a fresh agent dir.
func openRules(t *testing.T) *Model {
	t.Helper()
	dirs := locations.Dirs{Agent: t.TempDir()}
	path := filepath.Join(dirs.GlobalAgents(), "merger.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, mergeBase)
	m := OpenEditor(personas.Load(dirs), "merger")
	if m == nil {
		t.Fatal("merger did not open")
	}
	return m
}

// setRule sets the action of the row perm/pattern in the draft.
func setRule(m *Model, perm, pattern string, a engine.Action) {
	m.Update(func(d *Draft) {
		for i, r := range d.Rules {
			if r.Permission == perm && r.Pattern == pattern {
				d.Rules[i].Action = a
			}
		}
	})
}

// outside changes the file on disk as another program would, and tells the model.
func outside(t *testing.T, m *Model, from, to string) {
	t.Helper()
	text := strings.Replace(mergeBase, from, to, 1)
	if text == mergeBase {
		t.Fatalf("%q is not in the file", from)
	}
	writeFile(t, m.Path(), text)
	m.DiskChanged([]byte(text), true)
}

func rulesOf(d Draft) []string {
	var out []string
	for _, r := range d.Rules {
		out = append(out, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return out
}

// Keep mine merges rule by rule: a rule `agentmgr rule add` added meanwhile survives a rule
// changed in the app, and the plan says what comes from each side.
func TestKeepMineKeepsARuleAddedOutside(t *testing.T) {
	m := openRules(t)
	setRule(m, "bash", "git *", engine.Ask)
	outside(t, m, `    "rm *": deny`, "    \"rm *\": deny\n    \"go test *\": allow")

	plan, ok := m.MergePlan()
	if !ok {
		t.Fatal("no merge plan while the file changed under edits")
	}
	if len(plan.Conflicts) != 0 {
		t.Errorf("conflicts %v; want none (different rules changed)", plan.Conflicts)
	}
	if !slices.Contains(plan.Mine, `changed rule bash "git *" to ask`) || !slices.Contains(plan.Theirs, `added rule bash "go test *": allow`) {
		t.Errorf("plan mine %q theirs %q; want my change and their added rule", plan.Mine, plan.Theirs)
	}
	m.KeepMine()
	want := []string{"* * ask", "bash git * ask", "bash rm * deny", "bash go test * allow"}
	if got := rulesOf(m.Draft()); !slices.Equal(got, want) {
		t.Fatalf("after Keep mine the rules are %q; want %q", got, want)
	}
	if err := m.Save(true); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(m.Path())
	if !strings.Contains(string(data), `"git *": ask`) || !strings.Contains(string(data), `"go test *": allow`) {
		t.Errorf("the saved file lost a side:\n%s", data)
	}
}

// The same rule changed differently on both sides is the one conflict, named; the person
// chooses which side wins it, and everything else still merges.
func TestKeepMineNamesTheOneRuleChangedOnBothSides(t *testing.T) {
	for _, mineWins := range []bool{true, false} {
		m := openRules(t)
		setRule(m, "bash", "rm *", engine.Ask)
		m.Update(func(d *Draft) { d.Description = "Mine." })
		outside(t, m, "    \"rm *\": deny\n", "    \"rm *\": allow\n    \"ls *\": allow\n")
		plan, _ := m.MergePlan()
		if len(plan.Conflicts) != 1 || plan.Conflicts[0].What != `rule bash "rm *"` || plan.Conflicts[0].Mine != "ask" || plan.Conflicts[0].Theirs != "allow" {
			t.Fatalf("conflicts %+v; want only rule bash \"rm *\" (ask here, allow there)", plan.Conflicts)
		}
		m.KeepMineResolving(mineWins)
		d := m.Draft()
		rm := "bash rm * allow"
		if mineWins {
			rm = "bash rm * ask"
		}
		if got := rulesOf(d); !slices.Contains(got, rm) || !slices.Contains(got, "bash ls * allow") || d.Description != "Mine." {
			t.Errorf("mineWins %v: rules %q, description %q; want %q, their ls rule and my description", mineWins, got, d.Description, rm)
		}
	}
}

// A rule I deleted stays deleted unless the other side changed it; one they deleted stays
// deleted unless I changed it.
func TestKeepMineDeletionsPerRule(t *testing.T) {
	m := openRules(t)
	m.Update(func(d *Draft) {
		d.Rules = slices.DeleteFunc(d.Rules, func(r RuleRow) bool { return r.Pattern == "git *" })
	})
	outside(t, m, "    \"rm *\": deny\n", "")
	m.KeepMine()
	if got := rulesOf(m.Draft()); !slices.Equal(got, []string{"* * ask"}) {
		t.Errorf("rules %q; want both deletions kept", got)
	}
}

// When only one side changed the rules, the plan still names each rule it changed.
func TestMergePlanNamesRulesChangedOnOneSide(t *testing.T) {
	m := openRules(t)
	m.Update(func(d *Draft) { d.Description = "Mine." })
	outside(t, m, `    "rm *": deny`, "    \"rm *\": deny\n    \"go test *\": allow")
	plan, _ := m.MergePlan()
	if !slices.Equal(plan.Mine, []string{"description"}) || !slices.Equal(plan.Theirs, []string{`added rule bash "go test *": allow`}) {
		t.Errorf("plan mine %q theirs %q; want the description, and their added rule by name", plan.Mine, plan.Theirs)
	}
}
