package gui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

// SimulatorTitle is the title of the what-if screen.
const SimulatorTitle = "Simulator"

// activeChoice is the persona choice that follows the active persona.
const activeChoice = "(active persona)"

// SimulatorScreen answers "what would this persona do with this call, and why?": choose a
// persona (or the active one), a tool, a value and optionally a session; it shows the
// decision, the deciding rule and where it was written (with a button to its row in the Rules
// tab), every shell command's own decision, the guard that applied, and what "always" would
// store. The last checks are listed for another look.
type SimulatorScreen struct {
	widget.BaseWidget
	st  *previewState
	sim preview.Simulator
	// simulatorDeps are what it uses of its window.
	simulatorDeps

	Persona *FilterSelect
	Tool    *ChoiceEntry
	Value   *widget.Entry
	Session *ChoiceEntry
	Check   *widget.Button

	result *fyne.Container
	// staleNote says, above a shown result, that the fields no longer ask what it answers:
	// a result is never shown as current for a query it was not computed for.
	staleNote *widget.Label
	filling   bool // Prefill is setting the fields: their callbacks must not re-check
	history   *widget.List
	last      *preview.Result
	err       error
	loaded    *personas.Catalog // the catalog the persona and session choices were made from
	// checks counts the checks shown (Run, Prefill, a re-run): a re-run computed on the view
	// worker is shown only if no other check came after it was asked for.
	checks int
	tools  []string // the tool choices offered
}

// simulatorDeps are what the Simulator uses of its window. views re-checks off the UI
// goroutine; prefs hold the tools offered; dirs are the shell's, which rule sources are shown
// relative to; ask puts the Add as example question; revealRule opens a persona's Rules tab
// at a row; addExample adds a checked call to a persona's examples.
type simulatorDeps struct {
	ws         *workspace.Workspace
	views      *workspace.Views
	prefs      fyne.Preferences
	dirs       *locations.Dirs
	ask        asker
	revealRule func(name string, row int)
	addExample func(name string, expect engine.Action, tool, value string)
}

// NewSimulatorScreen makes the simulator over the personas of d's workspace.
func NewSimulatorScreen(st *previewState, d simulatorDeps) *SimulatorScreen {
	v := &SimulatorScreen{st: st, simulatorDeps: d}
	v.Persona = NewFilterSelect(nil, func(string) { v.choiceChanged() })
	v.Persona.PickLone = true
	v.Tool = NewChoiceEntry(PreviewTools(d.prefs))
	v.Tool.SetPlaceHolder("tool, e.g. bash")
	v.Tool.OnChanged = func(text string) {
		v.Value.SetPlaceHolder(valueHint(text))
		v.tools = narrowed(PreviewTools(v.prefs), text)
		v.Tool.SetOptions(v.tools)
		v.markStale()
	}
	v.Value = widget.NewEntry()
	v.Value.OnChanged = func(string) { v.markStale() }
	v.Value.SetPlaceHolder(valueHint(""))
	v.Value.OnSubmitted = func(string) { v.Run() }
	v.Session = NewChoiceEntry(nil)
	v.Session.SetPlaceHolder("none")
	v.Session.OnChanged = func(string) { v.markStale() }
	v.staleNote = warnLabel("")
	v.staleNote.Hide()
	v.Check = widget.NewButtonWithIcon("Check", theme.ConfirmIcon(), v.Run)
	v.Check.Importance = widget.HighImportance
	v.result = container.NewVBox()
	v.history = widget.NewList(v.historyLen, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return container.NewBorder(nil, nil, actionBadge(engine.Allow), nil, l)
	}, v.updateHistory)
	v.history.OnSelected = func(i widget.ListItemID) {
		v.history.UnselectAll()
		if h := v.sim.History(); i >= 0 && i < len(h) {
			v.Prefill(h[i].Query)
		}
	}
	v.syncChoices()
	v.Persona.SetSelected(activeChoice)
	v.ExtendBaseWidget(v)
	v.showResult()
	// The choices follow the catalog; the shown check follows the rules as edited and the
	// active agent. Opening another persona changes neither.
	d.ws.OnCatalog(func(workspace.CatalogEvent) { v.syncChoices() })
	d.ws.Subscribe(workspace.CatalogChanged|workspace.ActiveChanged|workspace.DraftChanged, func(workspace.Change) {
		if v.last != nil {
			v.rerun()
		}
	})
	return v
}

// valueHint says what value the tool takes.
func valueHint(tool string) string {
	key := mapping.KeyForTool(strings.TrimSpace(tool))
	switch {
	case mapping.IsShellKey(key):
		return "a shell command, e.g. git push origin main"
	case mapping.IsPathKey(key):
		return "a path, e.g. src/main.go"
	case key == "webfetch":
		return "a URL, e.g. https://go.dev/doc"
	}
	return "the value the tool is called with"
}

// syncChoices offers the current personas and tools, and the stored sessions; the sessions
// folder is read again only when the catalog is (a reload), never on an edit.
func (v *SimulatorScreen) syncChoices() {
	c := v.ws.Catalog()
	if c != v.loaded || c == nil {
		// Only a reload changes the personas to choose from: a keystroke lists none of them.
		v.loaded = c
		opts := []string{activeChoice}
		if c != nil {
			for _, p := range c.Personas() {
				opts = append(opts, p.Name)
			}
		}
		v.Persona.SetOptions(opts)
		v.Session.SetOptions(append([]string{""}, v.st.src.SessionIDs()...))
	}
	// The tool choices narrowed by what is typed; set again only when they changed.
	if tools := narrowed(PreviewTools(v.prefs), v.Tool.Text); !slices.Equal(tools, v.tools) {
		v.tools = tools
		v.Tool.SetOptions(tools)
	}
}

// Query is the check the fields describe.
func (v *SimulatorScreen) Query() preview.Query {
	q := preview.Query{Persona: v.Persona.Selected(), Tool: strings.TrimSpace(v.Tool.Text), Value: v.Value.Text, Session: strings.TrimSpace(v.Session.Text)}
	if q.Persona == activeChoice {
		q.Persona = ""
	}
	return q
}

// Prefill puts q into the fields and shows its result; the history records only the checks a
// person runs (Check, Enter), not every cell looked at.
func (v *SimulatorScreen) Prefill(q preview.Query) {
	v.filling = true
	defer func() { v.filling = false }()
	if q.Persona == "" {
		v.Persona.SetSelected(activeChoice)
	} else {
		v.Persona.SetSelected(q.Persona)
	}
	v.Tool.SetText(q.Tool)
	v.Value.SetText(q.Value)
	v.Session.SetText(q.Session)
	v.checks++
	r, err := v.sim.Simulate(v.st.src.Snapshot(), v.Query())
	v.show(r, err)
	// Focus once the screen is in view: a tab just brought to the front is shown on the
	// next frame, and a hidden entry cannot take focus.
	fyne.Do(func() {
		if c := fyne.CurrentApp().Driver().CanvasForObject(v.Value); c != nil && v.Value.Visible() {
			c.Focus(v.Value)
		}
	})
}

// Run checks the query of the fields and records it in the history.
func (v *SimulatorScreen) Run() {
	v.checks++
	r, err := v.sim.Check(v.st.src.Snapshot(), v.Query())
	v.show(r, err)
	v.history.Refresh()
}

// rerun checks the shown query again after an edit, without adding to the history: the
// result follows the rules as they are being edited.
// It runs on the view worker: the snapshot lists every persona, which a keystroke must not
// pay for on the UI goroutine.
func (v *SimulatorScreen) rerun() {
	q, snap := v.last.Query, v.st.src.snapshotLater()
	v.checks++
	checks := v.checks
	v.views.Submit(viewSimulator, func() func() {
		r, err := v.sim.Simulate(snap(), q)
		return func() {
			if v.checks == checks { // no check was run by hand since
				v.show(r, err)
			}
		}
	})
}

// choiceChanged answers for the persona just chosen when a check is shown: a choice is made
// once, not typed, so the answer follows it at once (it is not added to the history, which
// holds the checks a person ran). Without a shown check there is nothing to keep current.
func (v *SimulatorScreen) choiceChanged() {
	if v.filling || v.st == nil || v.Tool == nil || (v.last == nil && v.err == nil) || strings.TrimSpace(v.Tool.Text) == "" {
		v.markStale()
		return
	}
	v.checks++
	r, err := v.sim.Simulate(v.st.src.Snapshot(), v.Query())
	v.show(r, err)
}

// sameQuery reports whether a and b ask the same check as the fields can (the subagent is not
// one of them).
func sameQuery(a, b preview.Query) bool {
	return a.Persona == b.Persona && a.Tool == b.Tool && a.Value == b.Value && a.Session == b.Session
}

// markStale shows or hides the note that the shown result answers other fields than these.
func (v *SimulatorScreen) markStale() {
	if v.staleNote == nil || v.filling {
		return
	}
	if v.last == nil || v.err != nil || sameQuery(v.last.Query, v.Query()) {
		v.staleNote.Hide()
		return
	}
	r := v.last
	v.staleNote.SetText(fmt.Sprintf("Not current: the answer below is for %s · %s %q. Press Check (or Enter) for the fields as they are now.", r.Agent, r.Tool, r.Value))
	v.staleNote.Show()
}

func (v *SimulatorScreen) show(r preview.Result, err error) {
	v.err = err
	if err == nil {
		v.last = &r
	}
	v.showResult()
}

// Result is the last check shown, nil before the first.
func (v *SimulatorScreen) Result() *preview.Result { return v.last }

func (v *SimulatorScreen) showResult() {
	var add func()
	if v.err == nil && v.last != nil && editableIn(v.ws.Catalog(), v.last.Agent) {
		add = v.AddAsExample
	}
	v.result.Objects = simulatorResultObjects(v.last, v.err, sourceBasesOf(*v.dirs), v.reveal, add)
	v.result.Refresh()
	v.markStale()
}

// AddAsExample asks which action the shown call should get, the one it gets now first, and
// adds the call to the persona's examples in the editor (unsaved, like any edit): `agentmgr
// test` and the Problems tab then check it.
func (v *SimulatorScreen) AddAsExample() {
	r := v.last
	if r == nil {
		return
	}
	now := r.Decision.Action
	choices := []string{exampleChoice(now, true)}
	for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
		if a != now {
			choices = append(choices, exampleChoice(a, false))
		}
	}
	choices = append(choices, choiceCancel)
	msg := fmt.Sprintf("Add %s %q to %s's examples. Which action should its rules give this call?", r.Tool, r.Value, r.Agent)
	v.ask.choose("Add as example", msg, choices, func(c string) {
		for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
			if c == exampleChoice(a, a == now) {
				v.addExample(r.Agent, a, r.Tool, r.Value)
			}
		}
	})
}

// exampleChoice labels the button that expects a.
func exampleChoice(a engine.Action, current bool) string {
	if current {
		return "Expect " + string(a) + " (as now)"
	}
	return "Expect " + string(a)
}

// reveal opens the persona on its Rules tab at the deciding rule's row.
func (v *SimulatorScreen) reveal(r *preview.RuleRef) {
	if v.last != nil && r != nil && r.Layer == preview.LayerPersona {
		v.revealRule(v.last.Agent, r.Index)
	}
}

// simulatorResultObjects renders a result: the decision, the deciding rule, the guard, the
// shell commands one by one, and the suggestions.
func simulatorResultObjects(r *preview.Result, err error, bases []string, reveal func(*preview.RuleRef), addExample func()) []fyne.CanvasObject {
	if err != nil {
		l := widget.NewLabel(err.Error())
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		return []fyne.CanvasObject{l}
	}
	if r == nil {
		return []fyne.CanvasObject{widget.NewLabel("Choose a persona and a tool, type a value, and press Check.")}
	}
	d := r.Decision
	head := widget.NewLabelWithStyle(fmt.Sprintf("%s · %s %q", r.Agent, r.Tool, r.Value), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	out := []fyne.CanvasObject{container.NewHBox(actionBadge(d.Action), head)}
	if r.Hidden {
		out = append(out, warnLabel(fmt.Sprintf("%s is hidden from %s: the agent is not offered the tool at all.", r.Tool, r.Agent)))
	}
	why := wrapLabel(decidedBy(r, bases))
	row := []fyne.CanvasObject{}
	if r.Rule != nil && r.Rule.Layer == preview.LayerPersona {
		rule := r.Rule
		row = append(row, widget.NewButtonWithIcon(fmt.Sprintf("Show rule %d", rule.Row()), theme.NavigateNextIcon(), func() { reveal(rule) }))
	}
	out = append(out, readingBorder(nil, nil, nil, container.NewVBox(row...), why))
	if d.Reason != "" && !r.FailClosed {
		out = append(out, wrapLabel("Reason: "+d.Reason))
	}
	if r.Guard != nil {
		out = append(out, warnLabel("Guard applied: "+ruleText(r.Guard, bases)))
	} else {
		out = append(out, wrapLabel("No guard applied."))
	}
	if len(r.Units) > 0 && (len(r.Units) > 1 || r.Units[0].Text != r.Value) {
		out = append(out, widget.NewLabelWithStyle("Commands, each decided on its own:", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		for _, u := range r.Units {
			shown := u.Text
			if u.Permission != "" {
				shown = u.Permission + " " + u.Text // a file the command writes or reads
			}
			text := widget.NewLabelWithStyle(shown, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			detail := ruleText(u.Rule, bases)
			switch {
			case u.FailClosed:
				detail = "asks by fail-closed analysis: " + u.Reason + " (the rule that matched allows it: " + detail + ")"
			case u.Reason != "":
				detail += "; " + u.Reason
			}
			// The badge keeps its own height at the top of the unit's two lines.
			out = append(out, readingBorder(nil, nil, container.NewVBox(actionBadge(u.Action)), nil, container.NewVBox(text, wrapLabel(detail))))
		}
	}
	if len(r.Suggestions) > 0 {
		out = append(out, wrapLabel("An \"always\" reply would store: "+strings.Join(r.Suggestions, ", ")))
	}
	if addExample != nil {
		out = append(out, container.NewHBox(widget.NewButtonWithIcon("Add as example…", theme.ContentAddIcon(), addExample)))
	}
	return out
}

// decidedBy is the headline's "why": the deciding rule, or, when the shell analysis forced an
// ask over an allowing rule, that analysis and its reason, so that the allow rule is not taken
// for what decided.
func decidedBy(r *preview.Result, bases []string) string {
	if r.FailClosed {
		return "Decided by fail-closed analysis, not by a rule: " + r.Decision.Reason +
			". The rule that matched would allow it: " + ruleText(r.Rule, bases)
	}
	return "Decided by " + ruleText(r.Rule, bases)
}

func wrapLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func warnLabel(s string) *widget.Label {
	l := wrapLabel(s)
	l.Importance = widget.WarningImportance
	return l
}

func (v *SimulatorScreen) historyLen() int { return len(v.sim.History()) }

func (v *SimulatorScreen) updateHistory(i widget.ListItemID, o fyne.CanvasObject) {
	h := v.sim.History()
	if i < 0 || i >= len(h) {
		return
	}
	r := h[i]
	box := o.(*fyne.Container)
	setBadge(box.Objects[1].(*fyne.Container), actionWord(r.Decision.Action), actionColor(r.Decision.Action))
	box.Objects[0].(*widget.Label).SetText(fmt.Sprintf("%s · %s %q", r.Agent, r.Tool, r.Value))
}

// CreateRenderer lays out the query form over the result, with the history at the side.
func (v *SimulatorScreen) CreateRenderer() fyne.WidgetRenderer {
	form := widget.NewForm(
		widget.NewFormItem("Persona", v.Persona),
		widget.NewFormItem("Tool", v.Tool),
		widget.NewFormItem("Value", v.Value),
		widget.NewFormItem("Session", v.Session),
	)
	top := container.NewVBox(form, container.NewHBox(v.Check), v.staleNote)
	main := readingBorder(top, nil, nil, nil, container.NewVScroll(v.result))
	side := readingBorder(widget.NewLabelWithStyle("Last checks", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, v.history)
	split := container.NewHSplit(main, side)
	split.Offset = 0.7
	return widget.NewSimpleRenderer(split)
}
