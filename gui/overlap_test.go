package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// area is where o is drawn in its window: its absolute position and size.
func area(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()
}

// overlap reports whether a and b are drawn over each other (touching edges do not count).
func overlap(a, b fyne.CanvasObject) bool {
	pa, sa := area(a)
	pb, sb := area(b)
	return pa.X < pb.X+sb.Width && pb.X < pa.X+sa.Width && pa.Y < pb.Y+sb.Height && pb.Y < pa.Y+sa.Height
}

// findLabel is the label under o whose text is text, or nil.
func findLabel(o fyne.CanvasObject, text string) *widget.Label {
	return findFirst(o, func(l *widget.Label) bool { return l.Text == text })
}

// TestImportDialogTickBoxesAreNotDrawnOverTheReport: the items read make the list of tick-boxes
// taller, and the report under them moves down with it instead of staying where the empty list
// left it (the boxes were drawn over the report's first lines).
func TestImportDialogTickBoxesAreNotDrawnOverTheReport(t *testing.T) {
	s, _ := newQueuedShell(t, fixtureDirs(t))
	dlg := importTwoModes(t, s)
	var report *widget.Label
	walk(dlg, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.TextStyle.Monospace {
			report = l
		}
	})
	if report == nil || report.Text == "" {
		t.Fatal("the dialog shows no report")
	}
	checks := findChecks(dlg)
	if len(checks) != 2 {
		t.Fatalf("%d tick-boxes, want 2", len(checks))
	}
	for _, c := range checks {
		if c.Size().Height <= 0 {
			t.Errorf("tick-box %q has no room", c.Text)
		}
		if overlap(c, report) {
			p, sz := area(c)
			rp, rs := area(report)
			t.Errorf("tick-box %q at %v %v is drawn over the report at %v %v", c.Text, p, sz, rp, rs)
		}
	}
}

// TestKeysScreenStatusIsNotDrawnOverTheHeading: a status line that appears (Saved, a refused
// save) pushes the screen's body down instead of being drawn over its first heading.
func TestKeysScreenStatusIsNotDrawnOverTheHeading(t *testing.T) {
	s := part2Shell(t)
	s.ShowScreen(KeysTitle)
	v := screenOf[*KeysScreen](t, s, KeysTitle)
	v.setStatus("Saved. pi reads the keys when it starts.")
	heading := findLabel(v, "Problems and suggested fixes")
	if heading == nil {
		t.Fatal("no heading on the Keys screen")
	}
	if v.status.Size().Height <= 0 {
		t.Fatal("the status has no room")
	}
	if overlap(v.status, heading) {
		p, sz := area(v.status)
		hp, hs := area(heading)
		t.Errorf("the status at %v %v is drawn over the heading at %v %v", p, sz, hp, hs)
	}
}

// TestALintNoteLeavesNoBlankBandWhenItGoes: a rule's lint note takes room under its row while
// it is shown, and the room is given back when the note goes (a blank band stayed where it was).
func TestALintNoteLeavesNoBlankBandWhenItGoes(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	m := s.ws.Draft()
	tab := tabOf[*RulesTab](t, s, TabRules)
	m.Update(func(d *personaedit.Draft) {
		d.Rules = []personaedit.RuleRow{
			{Permission: "*", Pattern: "*", Action: engine.Ask},
			{Permission: "bash", Pattern: "git push *", Action: engine.Deny},
			{Permission: "bash", Pattern: "git *", Action: engine.Allow},
		}
	})
	if len(tab.Row(1).Notes()) == 0 {
		t.Fatal("rule 2 shows no note; the test needs one")
	}
	tight(t, tab, "with the note")
	withNote := tab.Row(1).Size().Height
	noteWithFix(t, s, m, 1, "Move rule 2 below rule 3").Apply()
	for i := range m.Draft().Rules {
		if n := tab.Row(i).Notes(); len(n) != 0 {
			t.Fatalf("rule %d still shows notes %+v", i+1, n)
		}
	}
	tight(t, tab, "after the note went")
	if h := tab.Row(1).Size().Height; h >= withNote {
		t.Errorf("rule 2 is %v high without its note, as with it (%v)", h, withNote)
	}
}

// tight fails unless tab's rows are as high as what they show and follow each other without
// a gap.
func tight(t *testing.T, tab *RulesTab, when string) {
	t.Helper()
	var prev *ruleRowView
	for i := 0; tab.Row(i) != nil; i++ {
		r := tab.Row(i)
		if got, want := r.Size().Height, r.MinSize().Height; got != want {
			t.Errorf("%s: rule %d is %v high, showing %v", when, i+1, got, want)
		}
		if prev != nil {
			if gap := r.Position().Y - (prev.Position().Y + prev.Size().Height); gap > theme.Padding() {
				t.Errorf("%s: a %v px band between rules %d and %d", when, gap, i, i+1)
			}
		}
		prev = r
	}
}
