package gui

import (
	"testing"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// rowVisible reports whether row i of the rules tab lies inside the scrolled viewport.
func rowVisible(tab *RulesTab, i int) bool {
	r := tab.Row(i)
	top := r.Position().Y
	bottom := top + r.Size().Height
	off := tab.scroll.Offset.Y
	return top >= off-0.5 && bottom <= off+tab.scroll.Size().Height+0.5
}

func TestRulesTabScrollsToTheRowAnOperationSelects(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	tab := tabOf[*RulesTab](t, s, TabRules)
	m := s.ws.Draft()

	// Added rows go to the end: with enough of them the end is below the fold.
	for n := 0; n < 12; n++ {
		m.AddRule()
		if sel := m.SelectedRule(); !rowVisible(tab, sel) {
			t.Fatalf("after adding rule %d: selected row %d at y=%v is outside the view (offset %v, height %v)",
				n+1, sel, tab.Row(sel).Position().Y, tab.scroll.Offset.Y, tab.scroll.Size().Height)
		}
	}
	// Moving the first row all the way down follows it.
	m.SelectRule(0)
	if !rowVisible(tab, 0) {
		t.Fatalf("selecting row 0: at y=%v outside the view (offset %v)", tab.Row(0).Position().Y, tab.scroll.Offset.Y)
	}
	for m.SelectedRule() < len(m.Draft().Rules)-1 {
		m.MoveRule(1)
	}
	if sel := m.SelectedRule(); !rowVisible(tab, sel) {
		t.Fatalf("after moving a row to the end: row %d at y=%v outside the view (offset %v)", sel, tab.Row(sel).Position().Y, tab.scroll.Offset.Y)
	}

	// Deleting down to a few rows leaves nothing scrolled off the top.
	for len(m.Draft().Rules) > 3 {
		m.DeleteRule()
	}
	if off := tab.scroll.Offset.Y; off != 0 {
		t.Errorf("3 rows left: scroll offset %v, want 0 (the rows fit the view)", off)
	}
}

func TestRevealRuleScrollsToTheRowOnAnUnshownRulesTab(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	m := s.ws.Draft()
	for n := 0; n < 12; n++ {
		m.AddRule()
	}
	m.Update(func(d *personaedit.Draft) { d.Description = "edited, so that the rows stay as added" })
	last := len(m.Draft().Rules) - 1
	m.SelectRule(-1)
	s.screen.View().ShowTab(TabPersona)

	s.RevealRule("reviewer", last)
	tab := tabOf[*RulesTab](t, s, TabRules)
	if !rowVisible(tab, last) {
		t.Errorf("RevealRule(%d): row at y=%v outside the view (offset %v, height %v)",
			last, tab.Row(last).Position().Y, tab.scroll.Offset.Y, tab.scroll.Size().Height)
	}
}

func TestRowOperationsNeverLeaveTypingInAnotherRule(t *testing.T) {
	tests := []struct {
		name      string
		op        string
		wantRow   int    // the row whose pattern gets the typed text, -1 for none
		wantText  string // that row's pattern afterwards
		untouched []string
	}{
		// reviewer: 1 "*" "*", 2 read "*", 3 grep "*", 4 bash "git diff *", ...
		{"down takes the focus along", "Down", 2, "*x", []string{"*", "*", "*"}},
		{"delete drops the focus", "Delete", -1, "", []string{"*", "git diff *"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			clickPersona(t, s, "reviewer")
			tab := tabOf[*RulesTab](t, s, TabRules)
			c := s.Window().Canvas()
			// Type in row 2's pattern (read "*"), then press the operation's button.
			c.Focus(tab.Row(1).Pattern)
			tab.Row(1).Pattern.CursorColumn = 1 // after the "*"
			s.ws.Draft().SelectRule(1)
			// The real driver keeps an entry focused when a button is clicked (a button is
			// focusable); test.Tap would unfocus first, so press the button as the driver does.
			findButton(tab, tc.op).OnTapped()
			if tc.wantRow < 0 && c.Focused() != nil {
				t.Fatalf("after %s: %T still focused, typing would edit whatever rule its row shows now", tc.op, c.Focused())
			}
			if tc.wantRow < 0 {
				return
			}
			c.Focused().TypedRune('x')
			rules := s.ws.Draft().Draft().Rules
			for i, r := range rules {
				want := r.Pattern
				if i == tc.wantRow {
					want = tc.wantText
				} else if i < len(tc.untouched) {
					want = tc.untouched[i]
				}
				if r.Pattern != want {
					t.Errorf("after %s and typing x: rule %d pattern %q, want %q", tc.op, i+1, r.Pattern, want)
				}
			}
		})
	}
}
