package gui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/impact"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
)

// ImpactView is the editor's line "N of the last M calls would change": the persona's latest
// calls of the review log replayed against the rules as they are typed, before Save. The
// replay runs off the UI goroutine (impact.Checker); a keystroke only queues a request. Tapping
// the line lists the calls that would change.
type ImpactView struct {
	widget.BaseWidget
	win     fyne.Window          // the list of changed calls opens over it
	ws      *workspace.Workspace // the guards the replay decides with
	m       *personaedit.Model
	checker *impact.Checker
	Button  *widget.Button

	started bool
	seq     uint64 // the newest request; older results are dropped
	last    impact.Result
}

// NewImpactView replays m's persona's logged calls of the review log in dirs, with the
// guards of ws, as m is edited, off the UI goroutine with run; replay starts it at once (see
// Shell.ReplayWhileEditing).
func NewImpactView(m *personaedit.Model, ws *workspace.Workspace, dirs locations.Dirs, win fyne.Window, run *tasks, replay bool) *ImpactView {
	v := &ImpactView{win: win, ws: ws, m: m}
	v.Button = widget.NewButtonWithIcon("Replaying the review log…", theme.HistoryIcon(), v.ShowChanges)
	v.Button.Importance = widget.LowImportance
	v.Button.Alignment = widget.ButtonAlignLeading
	v.Button.Disable()
	v.checker = impact.New(m.Original().Name, impact.DefaultLast, dirs.ReviewLog(), func(r impact.Result) {
		run.do(func() { v.apply(r) })
	})
	v.checker.Home = dirs.Home
	// Through the field, which tests replace after NewShell.
	v.checker.SetSpawn(func(f func()) { run.spawn(f) })
	v.ExtendBaseWidget(v)
	v.Hide()
	m.OnChange(v.check)
	if replay {
		v.Start()
	}
	return v
}

// Start shows the line and replays the log now and after every edit (Shell.ReplayWhileEditing
// starts the views of the window).
func (v *ImpactView) Start() {
	if v.started {
		return
	}
	v.started = true
	v.Show()
	v.check()
}

// check queues a replay of the rules as edited now.
func (v *ImpactView) check() {
	if !v.started || v.m.Persona() == nil {
		return
	}
	v.seq = v.checker.Check(v.m.Persona().Rules, v.ws.Guards())
}

// apply shows a result, unless a newer request is on its way.
func (v *ImpactView) apply(r impact.Result) {
	if r.Seq != v.seq {
		return
	}
	v.last = r
	v.Button.SetText(r.Summary())
	if len(r.Changed) > 0 {
		v.Button.Importance = widget.WarningImportance
		v.Button.Enable()
	} else {
		v.Button.Importance = widget.LowImportance
		v.Button.Disable()
	}
	v.Button.Refresh()
}

// Result is the last result shown.
func (v *ImpactView) Result() impact.Result { return v.last }

// ChangeLines are the changed calls as the list shows them, one line each.
func (v *ImpactView) ChangeLines() []string {
	var out []string
	for _, c := range v.last.Changed {
		by := "no rule (default ask)"
		if c.Now.Rule != nil {
			by = c.Now.Rule.String()
		}
		out = append(out, fmt.Sprintf("%s  %s %q  %s → %s  by %s", c.Time.Local().Format(time.DateTime), c.Tool,
			strings.Join(c.Values, "; "), c.Action, c.Now.Action, by))
	}
	return out
}

// ShowChanges lists the calls that would change, in a dialog.
func (v *ImpactView) ShowChanges() {
	lines := v.ChangeLines()
	list := widget.NewList(func() int { return len(lines) }, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	head := wrapLabel(v.last.Summary() + " Each line is a logged call: what it got then → what these rules would give it, and the rule that would decide.")
	d := dialog.NewCustom("Calls that would change", "Close", readingBorder(head, nil, nil, nil, list), v.win)
	d.Resize(fyne.NewSize(760, 420))
	d.Show()
}

// CreateRenderer is part of fyne.Widget.
// The line scrolls sideways instead of widening the window: "The review log has no calls of
// NAME" is as long as the persona's name.
func (v *ImpactView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewHScroll(v.Button))
}

// ReplayWhileEditing turns on the editor's replay of the review log ("N of the last M calls
// would change"): from now on every edit queues a replay on a goroutine of its own. The app
// turns it on; tests that drive the window step by step leave it off.
func (s *Shell) ReplayWhileEditing() {
	s.replayEdits = true
	if s.screen == nil {
		return
	}
	if v := s.screen.View(); v != nil && v.impact != nil {
		v.impact.Start()
	}
}
