package gui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// Rules by keyboard: a rule made by Add, Insert, Duplicate or Convert to rules has its pattern
// focused and in view, so typing goes on there (it took 38 to 53 Tabs from Add before).
func TestANewRulesPatternTakesTheFocus(t *testing.T) {
	for _, op := range []string{"Add", "Insert", "Duplicate"} {
		t.Run(op, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			s.Window().Resize(fyne.NewSize(800, 600))
			clickPersona(t, s, "reviewer")
			tab := tabOf[*RulesTab](t, s, TabRules)
			s.ws.Draft().SelectRule(1)
			c := s.Window().Canvas()
			findButton(tab, op).OnTapped()
			sel := s.ws.Draft().SelectedRule()
			if sel < 0 || c.Focused() != tab.Row(sel).Pattern {
				t.Fatalf("after %s: focus on %T, selected rule %d; want the new rule's pattern", op, c.Focused(), sel)
			}
			if !rowVisible(tab, sel) {
				t.Errorf("after %s: the new rule %d is out of view", op, sel)
			}
			before := s.ws.Draft().Draft().Rules[1].Pattern
			c.Focused().TypedRune('x')
			rules := s.ws.Draft().Draft().Rules
			if got := rules[sel].Pattern; got == "" || got[len(got)-1] != 'x' && got[0] != 'x' {
				t.Errorf("typing after %s wrote %q into the new rule; want an x in it", op, got)
			}
			if op != "Insert" && rules[1].Pattern != before {
				t.Errorf("typing after %s changed rule 2 to %q", op, rules[1].Pattern)
			}
		})
	}
}

// Convert to rules lands the focus on the first rule; Ctrl+Tab into a preset's Rules tab lands
// it on the preset choice, and back on the Persona tab on the description.
func TestTabSwitchesAndConvertLandTheFocus(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "scout")
	if s.ws.Draft().Draft().Preset == "" {
		t.Fatal("the fixture scout is no longer a preset persona; the test needs one")
	}
	c := s.Window().Canvas()
	s.screen.View().ShowTab(TabPersona)
	s.CycleTab(1)
	tab := tabOf[*RulesTab](t, s, TabRules)
	if c.Focused() == nil || c.Focused() != tab.preset {
		t.Fatalf("Ctrl+Tab into a preset's Rules tab: focus on %T; want the preset choice", c.Focused())
	}
	tab.convert.OnTapped()
	if len(tab.rows) == 0 || c.Focused() != tab.Row(0).Pattern {
		t.Fatalf("after Convert to rules: focus on %T; want the first rule's pattern", c.Focused())
	}
	s.CycleTab(-1)
	p := tabOf[*PersonaTab](t, s, TabPersona)
	if c.Focused() != p.Description {
		t.Errorf("Ctrl+Shift+Tab back to the Persona tab: focus on %T; want the description", c.Focused())
	}
}

// manyRules opens reviewer's Rules tab at 800x600 with 20 rules added, more than the view
// holds, and the first selected.
func manyRules(t *testing.T) (*Shell, *RulesTab) {
	t.Helper()
	s := newTestShell(t, fixtureDirs(t))
	s.Window().Resize(fyne.NewSize(800, 600))
	clickPersona(t, s, "reviewer")
	m := s.ws.Draft()
	for n := 0; n < 20; n++ {
		m.AddRule()
	}
	m.SelectRule(0)
	tab := tabOf[*RulesTab](t, s, TabRules)
	return s, tab
}

// A field of a row below the view that takes the focus (Tab) brings its row into view.
func TestAFocusedRowIsScrolledIntoView(t *testing.T) {
	s, tab := manyRules(t)
	last := len(tab.rows) - 1
	if rowVisible(tab, last) {
		t.Fatal("the last of 26 rules is in view at 800x600; the test needs it below the view")
	}
	s.Window().Canvas().Focus(tab.Row(last).Reason)
	if !rowVisible(tab, last) {
		t.Errorf("the focused row %d is out of view (offset %v, height %v)", last, tab.scroll.Offset.Y, tab.scroll.Size().Height)
	}
}

// The Rules tab marks each rule new (+) or changed (●) since the file was read, finds rules by
// text, shows the modified ones only, and resets one rule.
func TestRulesTabMarksFindsAndResetsRules(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	tab := tabOf[*RulesTab](t, s, TabRules)
	m := s.ws.Draft()
	m.SelectRule(1)
	tab.Row(1).Action.SetSelected("deny")
	findButton(tab, "Add").OnTapped()
	if tab.Row(0).pick.Text != "1" || tab.Row(1).pick.Text != "2 ●" || tab.Row(6).pick.Text != "7 +" {
		t.Fatalf("markers %q %q %q; want 1, 2 ●, 7 +", tab.Row(0).pick.Text, tab.Row(1).pick.Text, tab.Row(6).pick.Text)
	}
	tab.modifiedOnly.SetChecked(true)
	var shown []int
	for i, r := range tab.rows {
		if r.Visible() {
			shown = append(shown, i)
		}
	}
	if len(shown) != 2 || shown[0] != 1 || shown[1] != 6 {
		t.Errorf("Modified only shows rows %v; want 1 and 6", shown)
	}
	tab.modifiedOnly.SetChecked(false)
	tab.find.SetText("GIT")
	if tab.Row(0).Visible() || !tab.Row(3).Visible() || !tab.Row(5).Visible() {
		t.Error("find in rules does not show only the git rules")
	}
	tab.find.SetText("")
	m.SelectRule(1)
	if tab.reset.Disabled() {
		t.Fatal("Reset rule is disabled on a changed rule")
	}
	tab.reset.OnTapped()
	if r := m.Draft().Rules[1]; r.Action != "allow" || tab.Row(1).pick.Text != "2" {
		t.Errorf("after Reset rule: rule 2 is %s, marker %q; want allow as saved, no marker", r.Action, tab.Row(1).pick.Text)
	}
}

// Tab from a rule's key goes to its pattern, past the key's list arrow (which the mouse
// clicks and Down opens), and the key, too, brings its row into view when it takes the focus.
func TestTabFromARulesKeyGoesToItsPattern(t *testing.T) {
	s, tab := manyRules(t)
	c := s.Window().Canvas()
	last := len(tab.rows) - 1
	c.Focus(tab.Row(last).Permission)
	if !rowVisible(tab, last) {
		t.Errorf("the row %d whose key took the focus is out of view", last)
	}
	c.Focus(tab.Row(0).Permission)
	c.FocusNext()
	if c.Focused() != tab.Row(0).Pattern {
		t.Errorf("Tab from the first rule's key: focus on %T; want its pattern", c.Focused())
	}
}
