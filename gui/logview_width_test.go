package gui

import (
	"regexp"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func TestLogTableShowsEventsActionsAndTimesWhole(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*LogView](t, s, LogTitle)
	w := test.NewWindow(v)
	defer w.Close()
	w.Resize(fyne.NewSize(1200, 500))
	whole := regexp.MustCompile(`^(decision|reply|allow|ask|deny|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$`)
	seen := 0
	walk(v.table, func(o fyne.CanvasObject) {
		l, ok := o.(*widget.Label)
		if !ok || !l.Visible() || !whole.MatchString(l.Text) {
			return
		}
		seen++
		need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
		if got := l.Size().Width; got < need {
			t.Errorf("cell %q is %v wide, needs %v: it is cut short", l.Text, got, need)
		}
	})
	if seen == 0 {
		t.Fatal("no event, action or time cells found in the log table")
	}
}

func TestLogTableHasSessionToolAndPermissionColumns(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*LogView](t, s, LogTitle)
	w := test.NewWindow(v)
	defer w.Close()
	w.Resize(fyne.NewSize(2400, 500))
	headers := map[string]bool{}
	walk(v.table, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.TextStyle.Bold {
			headers[l.Text] = true
		}
	})
	for _, want := range []string{"Session", "Tool", "Permission"} {
		if !headers[want] {
			t.Errorf("no %q column in the Log table; headers %v", want, headers)
		}
	}
}
