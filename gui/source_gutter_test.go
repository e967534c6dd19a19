package gui

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// textAt is where the first canvas text under o reading want is drawn in the window, and
// whether there is one.
func textAt(o fyne.CanvasObject, want string) (fyne.Position, bool) {
	var found *canvas.Text
	walk(o, func(o fyne.CanvasObject) {
		if c, ok := o.(*canvas.Text); ok && found == nil && strings.Join(strings.Fields(c.Text), " ") == want {
			found = c
		}
	})
	if found == nil {
		return fyne.Position{}, false
	}
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(found), true
}

// TestSourceTabNumbersItsLinesAndMarksTheProblemLine: the Source tab numbers the lines of the
// text, each number on its line, and a text that does not read marks the line of the problem
// and says line:column.
func TestSourceTabNumbersItsLinesAndMarksTheProblemLine(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	st := tabOf[*SourceTab](t, s, TabSource)
	lines := strings.Split(st.Text.Text, "\n")
	if got, want := st.gutter.Lines(), len(lines); got != want {
		t.Fatalf("the gutter numbers %d lines; the text has %d", got, want)
	}
	// Each number is drawn level with its line.
	for _, n := range []int{1, 3} {
		num, ok := textAt(st.gutter, fmt.Sprint(n))
		text, ok2 := textAt(st.Text, lines[n-1])
		if !ok || !ok2 {
			t.Fatalf("line %d: number drawn %v, text %q drawn %v", n, ok, lines[n-1], ok2)
		}
		if math.Abs(float64(num.Y-text.Y)) > 1 {
			t.Errorf("line %d: the number is drawn at y %v, the line at y %v", n, num.Y, text.Y)
		}
	}

	bad := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "description: Reviews") {
			bad = i + 1
			lines[i] = strings.Replace(l, "description: Reviews", "description: [Reviews", 1)
		}
	}
	if bad < 0 {
		t.Fatal("the fixture reviewer has no description line")
	}
	st.Text.SetText(strings.Join(lines, "\n") + "\n# one more line")
	if got, want := st.gutter.Lines(), len(lines)+1; got != want {
		t.Errorf("after a line was added the gutter numbers %d lines, want %d", got, want)
	}
	var marked []int
	for n := 1; n <= st.gutter.Lines(); n++ {
		if st.gutter.Marked(n) {
			marked = append(marked, n)
		}
	}
	if len(marked) == 0 {
		t.Fatalf("no line is marked for the problem; notes %q", st.Notes.Text)
	}
	if overlap(st.Notes, st.view) || st.Notes.Size().Height < st.Notes.MinSize().Height {
		t.Errorf("the notes (%q) have %v px of the %v they need, or the text is drawn over them", st.Notes.Text, st.Notes.Size().Height, st.Notes.MinSize().Height)
	}
	for _, n := range marked {
		if !strings.Contains(st.Notes.Text, fmt.Sprintf(".md:%d:", n)) {
			t.Errorf("line %d is marked, but the notes do not name it with its column: %q", n, st.Notes.Text)
		}
	}
	if _, ok := textAt(st.gutter, fmt.Sprintf("> %d", marked[0])); !ok {
		t.Errorf("the gutter does not draw the mark > %d", marked[0])
	}
	st.Text.SetText(strings.Replace(st.Text.Text, "description: [Reviews", "description: Reviews", 1))
	for n := 1; n <= st.gutter.Lines(); n++ {
		if st.gutter.Marked(n) {
			t.Errorf("line %d is still marked once the text reads", n)
		}
	}
}

// TestSourceTabScrollsToTheCursorLine: the text and its numbers scroll together, and moving the
// cursor to a line below the view scrolls it into view.
func TestSourceTabScrollsToTheCursorLine(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.Window().Resize(fyne.NewSize(800, 600))
	clickPersona(t, s, "reviewer")
	st := tabOf[*SourceTab](t, s, TabSource)
	st.Text.SetText(st.Text.Text + strings.Repeat("\n# filler", 80))
	s.Window().Canvas().Focus(st.Text)
	st.Text.CursorRow = lineCount(st.Text.Text) - 1
	st.Text.OnCursorChanged()
	last, ok := textAt(st.gutter, fmt.Sprint(lineCount(st.Text.Text)))
	if !ok {
		t.Fatal("the last line has no number")
	}
	viewTop := fyne.CurrentApp().Driver().AbsolutePositionForObject(st.view).Y
	if last.Y < viewTop || last.Y > viewTop+st.view.Size().Height {
		t.Errorf("the cursor's line %d is drawn at y %v, outside the view (%v to %v)", lineCount(st.Text.Text), last.Y, viewTop, viewTop+st.view.Size().Height)
	}
}
