package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

func TestAt800x600TheListKeepsItsWidthAndRowsNeverOverlap(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()...)
	// A long name with both markers: active and unsaved.
	s.SelectPersona("reviewer")
	if err := s.SetActive("reviewer"); err != nil {
		t.Fatal(err)
	}
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "edited" })
	s.Window().Resize(fyne.NewSize(800, 600))
	for _, tab := range []string{TabPersona, TabRules, PreviewTitle, ProblemsTitle, TabFile, TabSource} {
		s.screen.View().ShowTab(tab)
		if m := s.frame.MinSize(); m.Width > 800 || m.Height > 600-menuBarHeight {
			t.Errorf("%s tab: the window needs %v; want it to fit 800x600 with a menu bar", tab, m)
		}
	}
	if w := s.screen.list.Size().Width; w < listMinWidth {
		t.Errorf("the persona list is %v px wide at 800x600; want at least %v", w, listMinWidth)
	}
	rows := 0
	walk(s.screen.list, func(o fyne.CanvasObject) {
		c, ok := o.(*fyne.Container)
		if !ok {
			return
		}
		if _, ok := c.Layout.(rowLayout); !ok {
			return
		}
		rows++
		name := c.Objects[0].(*widget.Label)
		right := c.Objects[2].(*fyne.Container)
		nameEnd := name.Position().X + name.Size().Width
		for _, l := range right.Objects {
			if !l.Visible() || l.(*widget.Label).Text == "" {
				continue
			}
			if start := right.Position().X + l.Position().X; start < nameEnd-0.5 {
				t.Errorf("row %q: %q starts at %v, inside the name (ends %v)", name.Text, l.(*widget.Label).Text, start, nameEnd)
			}
		}
		if name.Text == "reviewer" && name.Size().Width < fyne.MeasureText("reviewer", 14, name.TextStyle).Width {
			t.Errorf("reviewer is cut to %v px while its markers show", name.Size().Width)
		}
	})
	if rows == 0 {
		t.Fatal("found no list rows")
	}
}
