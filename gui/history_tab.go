package gui

import (
	"context"
	"fmt"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/history"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// TabHistory is the title of the persona's history tab.
const TabHistory = "History"

// historyLatest is how many asks and denials the History tab lists.
const historyLatest = 20

// HistoryTab shows what the persona decided lately, from the review log: its counts and its
// latest asks and denials. It follows the log as the Log screen does (the same preference):
// a decision logged while the tab is open appears without a Reload. The log is read and
// followed off the UI goroutine; following stops when the editor moves to another persona.
type HistoryTab struct {
	widget.BaseWidget
	name   string
	counts *widget.Label
	latest *widget.List
	items  []history.Item
	// mine are the persona's logged decisions so far, oldest first: what the summary is
	// made from as entries arrive.
	mine []reviewlog.Entry

	mu      sync.Mutex
	pending []reviewlog.Entry // followed, not yet shown
	flushOn bool
	// ready is closed once the follower has found its place in the log: a decision logged
	// after that is shown (tests wait for it instead of sleeping).
	ready chan struct{}

	content fyne.CanvasObject
}

// NewHistoryTab makes the tab for m and starts reading the review log at logPath with run,
// off the UI goroutine, and, when prefs say the log is followed (the Log screen's Follow),
// following it while m is the draft open in ws.
func NewHistoryTab(logPath string, prefs fyne.Preferences, run *tasks, ws *workspace.Workspace, m *personaedit.Model) *HistoryTab {
	t := &HistoryTab{name: m.Original().Name, counts: widget.NewLabel("Reading the review log…"), ready: make(chan struct{})}
	t.latest = widget.NewList(func() int { return len(t.items) }, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.TextStyle.Monospace = true
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i >= 0 && i < len(t.items) {
			o.(*widget.Label).SetText(historyLine(t.items[i]))
		}
	})
	t.content = readingBorder(t.counts, nil, nil, nil, t.latest)
	t.ExtendBaseWidget(t)
	if !prefs.BoolWithFallback(logFollowKey, true) {
		close(t.ready)
		run.background(func() {
			es, err := reviewlog.Read(logPath, reviewlog.Filter{Event: reviewlog.EventDecision})
			run.do(func() { t.add(es, err) })
		})
		return t
	}
	t.follow(run, ws, m, logPath)
	return t
}

// follow reads the log and then every decision appended to it, until the window closes or
// the editor moves on from m.
func (t *HistoryTab) follow(run *tasks, ws *workspace.Workspace, m *personaedit.Model, path string) {
	ctx, cancel := context.WithCancel(context.Background())
	var unsubscribe func()
	unsubscribe = ws.Subscribe(workspace.SelectionChanged|workspace.CatalogChanged, func(workspace.Change) {
		if ws.Draft() != m {
			cancel()
			unsubscribe()
		}
	})
	run.untilClose(func(life context.Context) {
		defer cancel()
		stop := context.AfterFunc(life, cancel)
		defer stop()
		opts := reviewlog.FollowOptions{Backlog: true, Filter: reviewlog.Filter{Event: reviewlog.EventDecision},
			// The backlog follows at once: a flush asked for now shows it, or the counts (of
			// nothing) for a persona the log has no decisions of.
			Ready: func() { close(t.ready); t.flushLater(run) }}
		err := reviewlog.Follow(ctx, path, opts, func(e reviewlog.Entry) error {
			t.queue(run, e)
			return ctx.Err()
		})
		if err != nil && ctx.Err() == nil {
			run.do(func() { t.add(nil, err) })
		}
	})
}

// queue hands a followed entry to the UI goroutine, batching entries that arrive together.
func (t *HistoryTab) queue(run *tasks, e reviewlog.Entry) {
	if e.Agent != t.name && e.Subagent != t.name {
		return
	}
	t.mu.Lock()
	t.pending = append(t.pending, e)
	t.mu.Unlock()
	t.flushLater(run)
}

// flushLater shows the queued entries on the UI goroutine, once for all that arrive before it
// runs.
func (t *HistoryTab) flushLater(run *tasks) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.flushOn {
		t.flushOn = true
		run.do(func() {
			t.mu.Lock()
			es := t.pending
			t.pending, t.flushOn = nil, false
			t.mu.Unlock()
			t.add(es, nil)
		})
	}
}

// add shows the persona's decisions among es, after those shown.
func (t *HistoryTab) add(es []reviewlog.Entry, err error) {
	if err != nil {
		t.counts.SetText("Could not read the review log: " + err.Error())
		return
	}
	for _, e := range es {
		if e.Agent == t.name || e.Subagent == t.name {
			t.mine = append(t.mine, e)
		}
	}
	sum := history.Summarize(t.mine, t.name, historyLatest)
	text := fmt.Sprintf("Logged decisions: %d allowed, %d asked, %d denied.", sum.Allow, sum.Ask, sum.Deny)
	if len(sum.Latest) == 0 {
		text += " No asks or denials logged."
	} else {
		text += " The latest asks and denials, newest first:"
	}
	t.counts.SetText(text)
	t.items = sum.Latest
	t.latest.Refresh()
}

// historyLine is one ask or denial as the list shows it.
func historyLine(it history.Item) string {
	rule := it.Rule
	if rule == "" {
		rule = "no rule"
	}
	return fmt.Sprintf("%s  %-4s  %s  %s  (%s)", it.Time.Local().Format("2006-01-02 15:04:05"), it.Action, it.Tool, it.Value, rule)
}

// Lines are the asks and denials listed, as shown.
func (t *HistoryTab) Lines() []string {
	out := make([]string, len(t.items))
	for i, it := range t.items {
		out[i] = historyLine(it)
	}
	return out
}

// FocusTarget is the list: arrows move through the asks and denials.
func (t *HistoryTab) FocusTarget() fyne.Focusable { return t.latest }

// CreateRenderer draws the tab.
func (t *HistoryTab) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
