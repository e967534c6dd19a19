package gui

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

// PreviewTitle is the title of the editor tab that previews a persona.
const PreviewTitle = "Preview"

// PreviewTab shows, live while the persona is edited and before it is saved, what it does with
// every known tool (hidden, ask, allow, deny, or depends on the input, and the rule that
// decides), its permission mode, and the guard envelope and persona block exactly as they
// would be injected.
type PreviewTab struct {
	widget.BaseWidget
	d  tabDeps
	st *previewState
	m  *personaedit.Model

	statuses []preview.Status
	selected int
	lag      tabLag

	mode     *widget.Label
	shell    *widget.Label // how the rules govern shell commands; says so when bypassable
	amNote   *widget.Label // pi-agent-manager 0.18.1's answer where it differs
	am       compat.View
	list     *widget.List
	detail   *fyne.Container
	newTool  *widget.Entry
	envelope *widget.TextGrid
	block    *widget.TextGrid
	rowWidth float32 // the tool list's width its rows were fitted to
}

// NewPreviewTab makes the Preview tab of the persona open in m, with what d gives of the
// window and the previews' shared st.
func NewPreviewTab(st *previewState, d tabDeps, m *personaedit.Model) *PreviewTab {
	v := &PreviewTab{d: d, st: st, m: m, selected: -1}
	v.mode = widget.NewLabel("")
	// Wrapped, so that the detail pane claims no width of its own and the tool list, whose rows
	// say the reasons, keeps its share of a narrow window.
	v.mode.Wrapping = fyne.TextWrapWord
	v.shell = widget.NewLabel("")
	v.shell.Wrapping = fyne.TextWrapWord
	v.amNote = widget.NewLabel("")
	v.amNote.Wrapping = fyne.TextWrapWord
	v.amNote.Importance = widget.WarningImportance
	v.list = widget.NewList(func() int { return len(v.statuses) }, newStatusRow, v.updateRow)
	v.list.OnSelected = func(i widget.ListItemID) { v.selected = i; v.showDetail() }
	v.detail = container.NewVBox()
	v.newTool = widget.NewEntry()
	v.newTool.SetPlaceHolder("another tool name (custom, MCP)")
	v.newTool.OnSubmitted = func(string) { v.addTool() }
	v.envelope = widget.NewTextGrid()
	v.block = widget.NewTextGrid()
	v.ExtendBaseWidget(v)
	v.update()
	m.OnChange(v.changed)
	st.onTools(func() bool {
		if d.ws.Draft() != m {
			return false // the editor moved on to another persona
		}
		v.changed()
		return true
	})
	return v
}

// ShellAdvice is the line that says how the persona governs shell commands.
func (v *PreviewTab) ShellAdvice() string { return v.shell.Text }

// Statuses are the tool statuses shown, in tool order.
func (v *PreviewTab) Statuses() []preview.Status { return v.statuses }

// Status returns the status of tool.
func (v *PreviewTab) Status(tool string) (preview.Status, bool) {
	i := slices.IndexFunc(v.statuses, func(s preview.Status) bool { return s.Tool == tool })
	if i < 0 {
		return preview.Status{}, false
	}
	return v.statuses[i], true
}

// changed recomputes the preview if the tab is on screen; a hidden tab (another editor tab is
// in front) catches up when it is shown, so that typing does not pay for tabs nobody sees.
func (v *PreviewTab) changed() { v.lag.follow(v.d.inFront(v.m, PreviewTitle, v), v.update) }

// catchUp brings the tab up to date with the edits made while it was hidden (the editor calls
// it when the tab is selected).
func (v *PreviewTab) catchUp() { v.lag.catchUp(v.update) }

// previewView is the preview of one persona as edited, computed on the view worker.
type previewView struct {
	statuses []preview.Status
	mode     string
	shell    string
	am       compat.View
	note     string // pi-agent-manager's answer where it differs
	envelope string
	block    string
}

// update asks the view worker for the preview of the persona as edited now; the tab shows it
// when it is ready (at once in tests that run views in step).
func (v *PreviewTab) update() {
	p := v.m.Persona()
	if p == nil {
		v.statuses = nil
		v.mode.SetText("This file did not load; there is nothing to preview.")
		v.shell.SetText("")
		v.list.Refresh()
		return
	}
	in, tools, yolo := viewInputOf(v.d.ws), PreviewTools(v.d.prefs), v.d.ws.Yolo()
	// What Save would write (rendered once per edit, the File tab shows it too), or the file on
	// disk for a read-only persona, which the worker reads.
	data, err := v.m.Bytes()
	path := ""
	if err != nil {
		data, path = nil, v.m.Path()
	}
	v.d.views.Submit(viewPreview, func() func() {
		out := v.compute(in, p, data, path, tools, yolo)
		return func() { v.show(out) }
	})
}

// compute is the preview of p, on the view worker.
func (v *PreviewTab) compute(in viewInput, p *personas.Persona, data []byte, path string, tools []string, yolo bool) previewView {
	v.st.prepare(in)
	e := v.st.cache.Evaluator(previewPersona(p))
	out := previewView{}
	for _, t := range tools {
		out.statuses = append(out.statuses, e.Status(t))
	}
	hidden, _ := e.Policy().SplitTools(tools)
	out.mode = fmt.Sprintf("Permission mode: %s    %s", e.Policy().Persona.Mode(), hiddenSummary(hidden, len(tools)))
	if yolo {
		out.mode += "    YOLO IS ON: every ask is allowed"
	}
	advice := preview.ShellAdvice(p.Rules)
	out.shell = strings.ToUpper(advice[:1]) + advice[1:]
	if path != "" {
		data, _ = os.ReadFile(path)
	}
	out.am = compat.ViewOf(p, data, tools)
	out.note = out.am.Note(hidden)
	out.envelope = personas.Envelope(p, e.Policy(), tools)
	out.block = personas.Block(p)
	return out
}

// show puts a computed preview on screen.
func (v *PreviewTab) show(out previewView) {
	v.statuses = out.statuses
	v.mode.SetText(out.mode)
	v.shell.SetText(out.shell)
	v.am = out.am
	v.amNote.SetText(out.note)
	if v.amNote.Text == "" {
		v.amNote.Hide()
	} else {
		v.amNote.Show()
	}
	v.envelope.SetText(out.envelope)
	v.block.SetText(out.block)
	v.fitRows(v.rowWidth)
	v.list.Refresh()
	v.showDetail()
}

// newStatusRow is a list row: the status badge, the tool, and the deciding rule with its
// reason, wrapped over as many lines as it takes (fitRows gives each row its height): a reason
// cut short is the one thing the row is there to say.
func newStatusRow() fyne.CanvasObject {
	tool := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	rule := widget.NewLabel("")
	rule.Wrapping = fyne.TextWrapWord
	b := kindBadge(preview.KindDepends)
	// The badge and the tool stay one line high at the top of a row its reason makes taller.
	return container.NewBorder(nil, nil, container.NewVBox(container.NewHBox(b, tool)), nil, rule)
}

func (v *PreviewTab) updateRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i < 0 || i >= len(v.statuses) {
		return
	}
	st := v.statuses[i]
	box := o.(*fyne.Container)
	left := box.Objects[1].(*fyne.Container).Objects[0].(*fyne.Container)
	setBadge(left.Objects[0].(*fyne.Container), st.Kind.String(), kindColor(st.Kind))
	left.Objects[1].(*widget.Label).SetText(st.Tool)
	summary := statusSummary(st, sourceBasesOf(*v.d.dirs))
	if hides := st.Kind == preview.KindHidden; v.am.Differs(st.Tool, hides) {
		// Both answers side by side: which applies depends on what the user runs.
		other := "shown"
		if !hides {
			other = "hidden"
		}
		summary = "agentmgr: " + summary + "  |  pi-agent-manager 0.18.1: " + other
	}
	if st.Rule != nil && st.Rule.Rule.Reason != "" {
		summary += ": " + st.Rule.Rule.Reason
	}
	box.Objects[0].(*widget.Label).SetText(summary)
}

// fitRows gives every row of the tool list the height its wrapped text takes at the list's
// width w (the list's rows all have one height otherwise).
func (v *PreviewTab) fitRows(w float32) {
	if w <= 0 {
		return
	}
	v.rowWidth = w
	row := newStatusRow()
	// The list's scroll bar and its rows' padding take from the width the text gets.
	inner := w - theme.ScrollBarSize() - 2*theme.Padding()
	for i := range v.statuses {
		v.updateRow(i, row)
		row.Resize(fyne.NewSize(inner, row.MinSize().Height))
		v.list.SetItemHeight(i, row.MinSize().Height)
	}
}

// RowHeight is the height of tool's row in the list, as laid out.
func (v *PreviewTab) RowHeight(tool string) float32 {
	i := slices.IndexFunc(v.statuses, func(s preview.Status) bool { return s.Tool == tool })
	if i < 0 || v.rowWidth <= 0 {
		return 0
	}
	row := newStatusRow()
	v.updateRow(i, row)
	row.Resize(fyne.NewSize(v.rowWidth-theme.ScrollBarSize()-2*theme.Padding(), row.MinSize().Height))
	return row.MinSize().Height
}

// onWidth is a layout for one object that calls changed whenever its width changes, before
// laying it out: the tool list's rows are fitted to the width they get.
type onWidth struct {
	changed func(w float32)
	last    float32
}

func (l *onWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != l.last {
		l.last = size.Width
		l.changed(size.Width)
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *onWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// AMNote is the line about pi-agent-manager 0.18.1 ("" when it hides what agentmgr hides).
func (v *PreviewTab) AMNote() string { return v.amNote.Text }

// RowSummary is the text of the status row of tool, as shown.
func (v *PreviewTab) RowSummary(tool string) string {
	i := slices.IndexFunc(v.statuses, func(s preview.Status) bool { return s.Tool == tool })
	if i < 0 {
		return ""
	}
	o := newStatusRow()
	v.updateRow(i, o)
	return o.(*fyne.Container).Objects[0].(*widget.Label).Text
}

// statusSummary says in one line why a tool has its status.
func statusSummary(st preview.Status, bases []string) string {
	switch st.Kind {
	case preview.KindHidden:
		if st.Rule == nil {
			return "hidden"
		}
		return "hidden by " + ruleText(st.Rule, bases)
	case preview.KindDepends:
		var parts []string
		for _, a := range st.Actions() {
			n := 0
			for _, o := range st.Outcomes {
				if o.Action == a {
					n++
				}
			}
			parts = append(parts, fmt.Sprintf("%s by %d rule%s", a, n, plural(n)))
		}
		return "depends on the input: " + strings.Join(parts, ", ")
	}
	return ruleText(st.Rule, bases)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// showDetail lists every outcome of the selected tool: each rule that decides some value, with
// an example value, and a button to try it in the simulator.
func (v *PreviewTab) showDetail() {
	v.detail.Objects = nil
	bases := sourceBasesOf(*v.d.dirs)
	if v.selected >= 0 && v.selected < len(v.statuses) {
		st := v.statuses[v.selected]
		v.detail.Objects = append(v.detail.Objects,
			widget.NewLabelWithStyle(fmt.Sprintf("%s (permission key %s): %s", st.Tool, st.Key, legendText(st.Kind)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		for _, o := range st.Outcomes {
			o := o
			text := fmt.Sprintf("%s, e.g. %q: %s", o.Action, o.Example, ruleText(o.Rule, bases))
			if o.Example == "" && (o.Rule == nil || (o.Rule.Rule.Pattern != "" && strings.Trim(o.Rule.Rule.Pattern, "*") == "")) {
				// The empty value stands for every value only catch-alls match.
				text = fmt.Sprintf("%s for any value no narrower rule names: %s", o.Action, ruleText(o.Rule, bases))
			}
			if o.Rule != nil && o.Rule.Rule.Reason != "" {
				text += ": " + o.Rule.Rule.Reason
			}
			line := wrapLabel(text)
			try := widget.NewButtonWithIcon("Try", theme.SearchIcon(), func() {
				v.st.simulate(preview.Query{Persona: v.m.Persona().Name, Tool: st.Tool, Value: o.Example})
			})
			v.detail.Objects = append(v.detail.Objects, readingBorder(nil, nil, container.NewVBox(actionBadge(o.Action)), try, line))
		}
		if st.Approximate {
			v.detail.Objects = append(v.detail.Objects, warnLabel("These rules are too intricate to list every case; the cases above were found first."))
		}
		if slices.Contains(ExtraTools(v.d.prefs), st.Tool) {
			tool := st.Tool
			v.detail.Objects = append(v.detail.Objects, widget.NewButtonWithIcon("Forget this tool", theme.DeleteIcon(), func() {
				RemoveExtraTool(v.d.prefs, tool)
				v.selected = -1
				v.st.toolsChanged()
			}))
		}
	} else {
		v.detail.Objects = append(v.detail.Objects, wrapLabel("Select a tool to see every rule that decides its calls."))
	}
	v.detail.Refresh()
}

// addTool remembers the typed tool name for every preview, and shows its status: the new
// row is last in a list taller than its view, so it would otherwise be added out of sight. A
// tool that is already known is shown too.
func (v *PreviewTab) addTool() {
	name := strings.TrimSpace(v.newTool.Text)
	if AddExtraTool(v.d.prefs, name) {
		v.newTool.SetText("")
		v.st.toolsChanged()
	}
	if i := slices.IndexFunc(v.statuses, func(s preview.Status) bool { return s.Tool == name }); i >= 0 {
		v.list.Select(i)
	}
}

// CreateRenderer lays out the statuses and details over the envelope and block.
func (v *PreviewTab) CreateRenderer() fyne.WidgetRenderer {
	add := readingBorder(nil, nil, nil, widget.NewButtonWithIcon("Add tool", theme.ContentAddIcon(), v.addTool), v.newTool)
	// The persona-wide lines (mode, shell posture, pi-agent-manager's note) head the detail
	// pane, so that the tool list runs the whole height.
	fitted := container.New(&onWidth{changed: v.fitRows}, v.list)
	lists := container.NewHSplit(fitted, container.NewVScroll(container.NewVBox(v.mode, v.shell, v.amNote, widget.NewSeparator(), v.detail)))
	lists.Offset = 0.6
	tools := readingBorder(nil, add, nil, nil, lists)
	injected := container.NewAppTabs(
		container.NewTabItem("Guard envelope", container.NewScroll(v.envelope)),
		container.NewTabItem("Persona block", container.NewScroll(v.block)),
	)
	split := container.NewVSplit(tools, injected)
	// The tools are what the tab is for: most of the height goes to them (at the window's
	// default size, 12 rows instead of 6); the injected texts scroll below.
	split.Offset = 0.85
	return widget.NewSimpleRenderer(split)
}

// hiddenSummary says how many of n tools are hidden and which: a count alone left the person
// to find them in the list.
func hiddenSummary(hidden []string, n int) string {
	if len(hidden) == 0 {
		return fmt.Sprintf("no tool of %d hidden", n)
	}
	return fmt.Sprintf("%d of %d tools hidden: %s", len(hidden), n, strings.Join(hidden, ", "))
}
