package gui

import (
	"regexp"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/reviewlog"
)

// logTableAt is the Log screen over the part 2 fixture, alone in a window width pixels wide.
func logTableAt(t *testing.T, width float32) *LogView {
	t.Helper()
	v := screenOf[*LogView](t, part2Shell(t), LogTitle)
	w := test.NewWindow(v)
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(width, 500))
	return v
}

func TestLogTableShowsEventsActionsAndTimesWhole(t *testing.T) {
	v := logTableAt(t, 1200)
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
	v := logTableAt(t, 2400)
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

// TestLogColumnsFitWhatTheyShow: every column is as wide as its header and the values shown
// in it (up to a limit for free text), at 1280x800 and at 800x600: long agent names, session
// ids, MCP tool names and sources were cut to "…".
func TestLogColumnsFitWhatTheyShow(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)
	es := []reviewlog.Entry{
		{Time: at, Event: reviewlog.EventDecision, Session: "sess-2026-12-02-0001-long-id", Agent: "release-coordinator-monorepo",
			Tool: "mcp__github__create_pull_request", Permission: "mcp__github__create_pull_request", Values: []string{"owner/repo#12"},
			Action: "ask", Rule: &reviewlog.Rule{Permission: "mcp__github__*", Pattern: "*", Action: "ask"}, Source: ".pi/agents/release-coordinator.md:12"},
		{Time: at, Event: reviewlog.EventReply, Session: "s1", Agent: "builder", Tool: "bash", Permission: "bash",
			Values: []string{"git status"}, Action: "allow", Reply: "once", By: "person"},
	}
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 800, Height: 600}} {
		s := part2Shell(t)
		s.Window().Resize(size)
		s.ShowScreen(LogTitle)
		v := screenOf[*LogView](t, s, LogTitle)
		v.load(es, nil)
		seen := 0
		walk(v.table, func(o fyne.CanvasObject) {
			l, ok := o.(*widget.Label)
			if !ok || !l.Visible() || l.Text == "" || l.Size().Width == 0 {
				return
			}
			seen++
			if shown := drawnText(l); shown != l.Text {
				t.Errorf("at %vx%v the cell %q is drawn %q in %v px: it is cut short", size.Width, size.Height, l.Text, shown, l.Size().Width)
			}
		})
		if seen < 10 {
			t.Fatalf("at %vx%v only %d cells show", size.Width, size.Height, seen)
		}
	}
}

// drawnText is the text label l draws, after any cut to "…".
func drawnText(l *widget.Label) string {
	shown := ""
	walk(l, func(o fyne.CanvasObject) {
		if c, ok := o.(*canvas.Text); ok {
			shown += c.Text
		}
	})
	return shown
}
