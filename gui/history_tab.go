package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/history"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// TabHistory is the title of the persona's history tab.
const TabHistory = "History"

// historyLatest is how many asks and denials the History tab lists.
const historyLatest = 20

// HistoryTab shows what the persona decided lately, from the review log: its counts and its
// latest asks and denials. The log is read off the UI goroutine when the tab is made.
type HistoryTab struct {
	widget.BaseWidget
	counts  *widget.Label
	latest  *widget.Label
	content fyne.CanvasObject
}

// NewHistoryTab makes the tab for m and starts reading the review log at logPath with run,
// off the UI goroutine.
func NewHistoryTab(logPath string, run *tasks, m *personaedit.Model) *HistoryTab {
	t := &HistoryTab{counts: widget.NewLabel("Reading the review log…"), latest: widget.NewLabel("")}
	t.latest.TextStyle.Monospace = true
	t.content = container.NewVScroll(container.NewVBox(t.counts, t.latest))
	t.ExtendBaseWidget(t)
	name, path := m.Original().Name, logPath
	run.background(func() {
		es, err := reviewlog.Read(path, reviewlog.Filter{Event: reviewlog.EventDecision})
		sum := history.Summarize(es, name, historyLatest)
		run.do(func() { t.show(sum, err) })
	})
	return t
}

func (t *HistoryTab) show(sum history.Summary, err error) {
	if err != nil {
		t.counts.SetText("Could not read the review log: " + err.Error())
		return
	}
	t.counts.SetText(fmt.Sprintf("Logged decisions: %d allowed, %d asked, %d denied.", sum.Allow, sum.Ask, sum.Deny))
	var b strings.Builder
	for _, it := range sum.Latest {
		rule := it.Rule
		if rule == "" {
			rule = "no rule"
		}
		fmt.Fprintf(&b, "%s  %-4s  %s  %s  (%s)\n", it.Time.Local().Format("2006-01-02 15:04:05"), it.Action, it.Tool, it.Value, rule)
	}
	if b.Len() == 0 {
		b.WriteString("No asks or denials logged.")
	}
	t.latest.SetText(strings.TrimRight(b.String(), "\n"))
}

// CreateRenderer draws the tab.
func (t *HistoryTab) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
