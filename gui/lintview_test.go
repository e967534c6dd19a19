package gui

import (
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// rowTexts renders the draft's rows as "permission pattern action".
func rowTexts(m *personaedit.Model) []string {
	var out []string
	for _, r := range m.Draft().Rules {
		out = append(out, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return out
}

// notesNow are the notes of m's rows for its draft as it is now, computed on the test's
// goroutine as the Rules tab's view worker computes them.
func notesNow(s *Shell, m *personaedit.Model) map[int][]RuleNote {
	return ruleNotes(s.ask, m, draftLint(m, ExtraTools(s.App().Preferences())), fixable(m))
}

// noteWithFix returns the note of row whose fix is labelled fix.
func noteWithFix(t *testing.T, s *Shell, m *personaedit.Model, row int, fix string) RuleNote {
	t.Helper()
	notes := notesNow(s, m)[row]
	for _, n := range notes {
		if n.Fix == fix {
			return n
		}
	}
	t.Fatalf("row %d has notes %+v, none with the fix %q", row+1, notes, fix)
	return RuleNote{}
}

func TestLintFixesOnRulesRowsAndSave(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("sloppy")
	m := s.ws.Draft()
	// The catch-all comes last, so nothing before it can decide: move it first...
	noteWithFix(t, s, m, 3, "Move rule 4 to the top").Apply()
	want := []string{"* * ask", "read * allow", "bash npm test allow", "bash npm * allow"}
	if got := rowTexts(m); !slices.Equal(got, want) {
		t.Fatalf("after moving the catch-all first, rows = %q, want %q", got, want)
	}
	// ...which shows that "npm test" adds nothing to the later "npm *".
	noteWithFix(t, s, m, 2, "Remove rule 3").Apply()
	want = []string{"* * ask", "read * allow", "bash npm * allow"}
	if got := rowTexts(m); !slices.Equal(got, want) {
		t.Fatalf("after removing the shadowed rule, rows = %q, want %q", got, want)
	}
	if notes := notesNow(s, m); len(notes) != 0 {
		t.Errorf("after both fixes, notes remain: %+v", notes)
	}
	if err := m.Save(false); err != nil {
		t.Fatalf("save: %v", err)
	}
	data, err := os.ReadFile(m.Path())
	if err != nil {
		t.Fatal(err)
	}
	wantFile := `---
name: sloppy
description: Rules with problems lint can fix.
permissions:
  "*": ask
  read: allow
  bash:
    "npm *": allow
---
A narrower rule before a wider one with the same action, and a catch-all that comes last.
`
	if string(data) != wantFile {
		t.Errorf("saved file =\n%s\nwant\n%s", data, wantFile)
	}
}

func TestLintFixesNeedAnEditableRuleMap(t *testing.T) {
	s := part2Shell(t)
	for _, name := range []string{"planner", "tinker"} {
		s.SelectPersona(name)
		for row, notes := range notesNow(s, s.ws.Draft()) {
			for _, n := range notes {
				if n.Fix != "" {
					t.Errorf("%s row %d offers the fix %q, but its rules cannot be edited as rows", name, row+1, n.Fix)
				}
			}
		}
	}
}

func TestProblemsTab(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("sloppy")
	v := NewLintView(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	texts := strings.Join(labelTexts(v.list), "\n")
	for _, want := range []string{"Rule 4 · catch-all-late", "This fix changes:", "read: ask or deny → allow or deny"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the Problems tab does not say %q; it says:\n%s", want, texts)
		}
	}
	b := findButtonPrefix(v.list, "Move rule 4 to the top")
	if b == nil {
		t.Fatalf("no fix button on the Problems tab")
	}
	test.Tap(b)
	if got := rowTexts(s.ws.Draft())[0]; got != "* * ask" {
		t.Errorf("after the fix, the first row is %q, want the catch-all", got)
	}

	s.ws.Draft().Revert()
	s.SelectPersona("tinker")
	v = NewLintView(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	if findButtonPrefix(v.list, "Convert to rules") == nil {
		t.Errorf("the legacy persona's Problems tab offers no conversion: %q", labelTexts(v.list))
	}
}

func TestProblemsTabChecksExamplesAsRulesAreEdited(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("sloppy")
	m := s.ws.Draft()
	v := NewLintView(previewStateOf(s), tabDepsOf(s), m)
	if err := m.AddExample("deny", "bash", "npm test"); err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(labelTexts(v.list), "\n")
	if want := `Rule 4 · example`; !strings.Contains(texts, want) {
		t.Fatalf("the Problems tab does not list the failing example as %q:\n%s", want, texts)
	}
	if want := `example bash "npm test": expected deny, got ask <- rule 4 "*" "*" ask`; !strings.Contains(texts, want) {
		t.Errorf("the Problems tab does not say %q:\n%s", want, texts)
	}
	// Editing the catch-all into a deny makes the example pass, before anything is saved.
	rows := m.Draft().Rules
	last := rows[len(rows)-1]
	last.Action = "deny"
	m.SetRule(len(rows)-1, last)
	if texts := strings.Join(labelTexts(v.list), "\n"); strings.Contains(texts, "example") {
		t.Errorf("after the edit the example still fails:\n%s", texts)
	}
}

func TestAShadowedRuleOffersToMoveBelowItsShadow(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	m := s.ws.Draft()
	m.Update(func(d *personaedit.Draft) {
		d.Rules = []personaedit.RuleRow{
			{Permission: "*", Pattern: "*", Action: engine.Ask},
			{Permission: "bash", Pattern: "git push *", Action: engine.Deny},
			{Permission: "bash", Pattern: "git *", Action: engine.Allow},
		}
	})
	noteWithFix(t, s, m, 1, "Move rule 2 below rule 3").Apply()
	want := []string{"* * ask", "bash git * allow", "bash git push * deny"}
	if got := rowTexts(m); !slices.Equal(got, want) {
		t.Errorf("after the move, rows = %q, want %q", got, want)
	}
	if notes := notesNow(s, m); len(notes) != 0 {
		t.Errorf("after the move, notes remain: %+v", notes)
	}
}
