package gui

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/logfeed"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// LogTitle is the title of the review log screen.
const LogTitle = "Log"

// logFollowKey is the preference that says whether the Log screen follows the log live.
const logFollowKey = "log.follow"

// allChoice is the filter choice that keeps every value.
const allChoice = "(all)"

// LogView is the review log (agent-manager/log/review.jsonl) as a virtualised table, with
// filters on agent, action and tool, following the file live when Follow is checked. Reading
// and following run off the UI goroutine; entries reach the table in batches on it.
type LogView struct {
	widget.BaseWidget
	path string
	m    *logfeed.Model
	// prefs keep the Follow choice; tasks run the reading and following off the UI goroutine.
	prefs fyne.Preferences
	tasks *tasks
	// makeRule offers a proposal as a rule of its persona (makeRuleDialog.show in the app).
	makeRule func(logfeed.Proposal)

	Agent  *FilterSelect
	Action *widget.Select
	Tool   *widget.SelectEntry
	Follow *widget.Check
	table  *widget.Table
	status *widget.Label
	// MakeRule turns the selected entry into a rule of its persona (makeRuleDialog.show).
	MakeRule *widget.Button
	selected int // the selected row, -1 for none
	// widths and numbersWidth are the column widths set on the table (fitColumns).
	widths       []float32
	numbersWidth float32

	mu      sync.Mutex
	pending []reviewlog.Entry // followed, not yet on the table
	flushOn bool              // a flush is queued on the UI goroutine
	bad     error             // the last line that was not an entry
	cancel  context.CancelFunc
	gen     int // bumped on every (re)start, so that a stopped follower's entries are dropped
}

// NewLogView makes the Log screen over the log file at path and starts following it when the
// preference in prefs says so (the default). run reads and follows the file off the UI
// goroutine; makeRule offers the selected entry as a rule of its persona.
func NewLogView(path string, prefs fyne.Preferences, run *tasks, makeRule func(logfeed.Proposal)) *LogView {
	v := &LogView{path: path, m: logfeed.New(), prefs: prefs, tasks: run, makeRule: makeRule}
	v.Agent = NewFilterSelect(nil, func(string) { v.applyFilter() })
	v.Agent.PickLone = true
	v.Action = widget.NewSelect([]string{allChoice, "allow", "ask", "deny"}, func(string) { v.applyFilter() })
	v.Tool = widget.NewSelectEntry(nil)
	v.Tool.SetPlaceHolder(allChoice)
	v.Tool.OnChanged = func(string) { v.applyFilter() } // refresh narrows its dropdown
	v.Follow = widget.NewCheck("Follow", v.setFollow)
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.table = widget.NewTableWithHeaders(
		func() (int, int) { return v.m.Len(), len(logfeed.Columns) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row >= 0 && id.Row < v.m.Len() {
				o.(*widget.Label).SetText(logfeed.Cell(v.m.Entry(id.Row), id.Col))
			}
		})
	v.table.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	v.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		switch {
		case id.Row < 0 && id.Col >= 0:
			l.SetText(logfeed.Columns[id.Col])
		case id.Col < 0 && id.Row >= 0:
			l.SetText(fmt.Sprint(id.Row + 1))
		}
	}
	v.widths = make([]float32, len(logfeed.Columns))
	v.fitColumns()
	v.selected = -1
	v.MakeRule = widget.NewButton(itemMakeRule, func() {
		if v.selected >= 0 && v.selected < v.m.Len() {
			if p, ok := logfeed.Propose(v.m.Entry(v.selected)); ok {
				v.makeRule(p)
			}
		}
	})
	v.MakeRule.Disable()
	v.table.OnSelected = func(id widget.TableCellID) {
		v.selected = id.Row
		ok := false
		if id.Row >= 0 && id.Row < v.m.Len() {
			_, ok = logfeed.Propose(v.m.Entry(id.Row))
		}
		setEnabled(v.MakeRule, ok)
	}
	v.Agent.SetOptions([]string{allChoice})
	v.Agent.SetSelected(allChoice)
	v.Action.SetSelected(allChoice)
	v.ExtendBaseWidget(v)
	if prefs.BoolWithFallback(logFollowKey, true) {
		v.Follow.SetChecked(true) // starts following, off the UI goroutine
	} else {
		v.load(reviewlog.Read(v.path, reviewlog.Filter{}))
	}
	return v
}

// Model is the model shown.
func (v *LogView) Model() *logfeed.Model { return v.m }

// Reload reads the whole log again: following starts over, otherwise it is read off the UI
// goroutine.
func (v *LogView) Reload() {
	if v.following() {
		v.setFollow(true)
		return
	}
	v.tasks.background(func() {
		es, err := reviewlog.Read(v.path, reviewlog.Filter{})
		v.tasks.do(func() { v.load(es, err) })
	})
}

func (v *LogView) load(es []reviewlog.Entry, err error) {
	v.m.Set(es)
	v.refresh()
	v.showStatus(err)
}

// setFollow starts or stops following: Follow reads what the log holds, then every entry
// appended after, and keeps going across rotations.
func (v *LogView) setFollow(on bool) {
	if prefs := v.prefs; prefs.BoolWithFallback(logFollowKey, true) != on {
		prefs.SetBool(logFollowKey, on)
	}
	v.StopFollow()
	if !on {
		return
	}
	ctx, cancel := context.WithCancel(v.tasks.life) // ends with the window too
	v.mu.Lock()
	v.cancel, v.pending = cancel, nil
	v.gen++
	gen := v.gen
	v.mu.Unlock()
	v.m.Set(nil)
	v.refresh()
	// Close waits for this goroutine: it must not read on into the next test's (or the next
	// window's) files, nor hand a closed window its entries.
	v.tasks.untilClose(func(context.Context) {
		opts := reviewlog.FollowOptions{Backlog: true, OnBadLine: func(err error) {
			v.mu.Lock()
			v.bad = err
			v.mu.Unlock()
		}}
		err := reviewlog.Follow(ctx, v.path, opts, func(e reviewlog.Entry) error {
			if ctx.Err() != nil {
				return ctx.Err() // stopped: the rest of the backlog is not wanted
			}
			v.queue(gen, e)
			return nil
		})
		if err != nil && ctx.Err() == nil {
			v.tasks.do(func() { v.showStatus(err) })
		}
	})
}

// StopFollow stops following; the entries shown stay.
func (v *LogView) StopFollow() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cancel != nil {
		v.cancel()
		v.cancel = nil
	}
	v.gen++
}

// queue hands a followed entry to the UI goroutine, batching entries that arrive together.
func (v *LogView) queue(gen int, e reviewlog.Entry) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if gen != v.gen {
		return
	}
	v.pending = append(v.pending, e)
	if !v.flushOn {
		v.flushOn = true
		v.tasks.do(v.flush)
	}
}

// flush puts the queued entries on the table; it runs on the UI goroutine.
func (v *LogView) flush() {
	v.mu.Lock()
	es, bad := v.pending, v.bad
	v.pending, v.flushOn = nil, false
	v.mu.Unlock()
	v.m.Append(es...)
	v.refresh()
	v.showStatus(bad)
	if v.m.Len() > 0 {
		v.table.ScrollToBottom() // following: the newest entry in view
	}
}

func (v *LogView) following() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.cancel != nil
}

func (v *LogView) showStatus(err error) {
	text := fmt.Sprintf("%d of %d entries · %s", v.m.Len(), v.m.Total(), v.path)
	if v.m.Total() == 0 && err == nil {
		text = "No entries yet. The review log fills as agents' calls are decided: by `agentmgr gate` " +
			"(Claude Code's hook), the pi extension, and the answers given on the Approvals screen. It is " + v.path + "."
	}
	if err != nil {
		text += " · skipped: " + strings.SplitN(err.Error(), "\n", 2)[0]
	}
	v.status.SetText(text)
}

// applyFilter filters the table by the chosen agent, action and tool.
func (v *LogView) applyFilter() {
	f := reviewlog.Filter{Agent: v.Agent.Selected(), Action: v.Action.Selected, Tool: strings.TrimSpace(v.Tool.Text)}
	if f.Agent == allChoice {
		f.Agent = ""
	}
	if f.Action == allChoice {
		f.Action = ""
	}
	v.m.SetFilter(f)
	v.refresh()
}

// refresh redraws the table and offers the agents and tools seen as filter choices.
func (v *LogView) refresh() {
	v.Agent.SetOptions(append([]string{allChoice}, v.m.Agents()...))
	v.Tool.SetOptions(narrowed(v.m.Tools(), v.Tool.Text))
	v.showStatus(nil)
	v.fitColumns()
	v.table.Refresh()
}

// CreateRenderer lays out the filters over the table, the status under it.
func (v *LogView) CreateRenderer() fyne.WidgetRenderer {
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	tool := container.NewGridWrap(fyne.NewSize(180, v.Tool.MinSize().Height), v.Tool)
	// The filters wrap in a narrow window instead of widening it. The tool bar's Reload reads
	// the log again too: one Reload for the whole window.
	filters := newFlow(container.NewHBox(bold("Agent"), v.Agent), container.NewHBox(bold("Action"), v.Action),
		container.NewHBox(bold("Tool"), tool), v.Follow, v.MakeRule)
	return widget.NewSimpleRenderer(readingBorder(filters, v.status, nil, nil, v.table))
}

// logColumnWidths are the Log table's narrowest column widths: a width per column that suits
// its usual content, widened where a header or a value of a fixed vocabulary (the time, the
// event, the action) would otherwise be cut short.
func logColumnWidths() []float32 {
	base := []float32{160, 70, 150, 90, 90, 90, 260, 60, 170, 200, 180}
	fixed := map[int][]string{
		logfeed.ColTime:   {"2006-01-02 15:04:05"},
		logfeed.ColEvent:  {reviewlog.EventDecision, reviewlog.EventReply},
		logfeed.ColAction: {string(engine.Allow), string(engine.Ask), string(engine.Deny)},
	}
	pad := logCellPad()
	out := make([]float32, len(logfeed.Columns))
	for col, title := range logfeed.Columns {
		w := max(base[col], fyne.MeasureText(title, theme.TextSize(), fyne.TextStyle{Bold: true}).Width+pad)
		for _, v := range fixed[col] {
			w = max(w, fyne.MeasureText(v, theme.TextSize(), fyne.TextStyle{}).Width+pad)
		}
		out[col] = w
	}
	return out
}

// logCellPad is what a cell needs beside its text: the label's inner padding on both sides and
// a little more, since a label whose width is exactly its text's cuts the last letters.
func logCellPad() float32 { return 2*theme.InnerPadding() + theme.Padding() }

// logColumnCap is the widest a column grows for its values: free text (the values, the rule,
// the source, the reply) is cut there, with "…", so that one long command does not push every
// other column out of the window; names and ids are never that long.
const logColumnCap = 480

// logFitRows is how many of the shown rows, the newest, the column widths are fitted to: a
// log of thousands of entries is not measured whole on every batch that arrives.
const logFitRows = 400

// fitColumns sizes every column to its header and to the widest of the newest shown values
// (up to logColumnCap), and the row numbers' column to the largest number: a fixed width per
// column cut long agent names, session ids, MCP tool names and sources short.
func (v *LogView) fitColumns() {
	pad := logCellPad()
	size, style := theme.TextSize(), fyne.TextStyle{}
	widths := logColumnWidths()
	for row := max(0, v.m.Len()-logFitRows); row < v.m.Len(); row++ {
		e := v.m.Entry(row)
		for col := range widths {
			if text := logfeed.Cell(e, col); text != "" {
				widths[col] = max(widths[col], min(logColumnCap, fyne.MeasureText(text, size, style).Width+pad))
			}
		}
	}
	for col, w := range widths {
		if w != v.widths[col] {
			v.widths[col] = w
			v.table.SetColumnWidth(col, w)
		}
	}
	numbers := fyne.MeasureText(fmt.Sprint(max(1, v.m.Len())), size, style).Width + pad
	if numbers != v.numbersWidth {
		v.numbersWidth = numbers
		v.table.SetColumnWidth(-1, numbers)
	}
}
