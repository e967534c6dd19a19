package gui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// ruleRowView is one row of the rules table. It is bound to a row index, not to a rule: moving
// a rule moves its contents into the neighbouring view, which keeps focus and layout stable.
type ruleRowView struct {
	widget.BaseWidget
	model *personaedit.Model
	index int

	bg         *canvas.Rectangle
	actionBar  *canvas.Rectangle
	pick       *widget.Button
	Permission *ChoiceEntry
	Pattern    *revealEntry
	Action     *revealSelect
	Reason     *revealEntry
	covers     *widget.Label
	msg        *widget.Label
	notes      *fyne.Container
	shownNotes []RuleNote // what notes shows
	// coversFor is the permission covers was last computed for (coversKnown: at all).
	coversFor   string
	coversKnown bool

	// showing is set while show copies the rule into the widgets: their change callbacks must
	// not write back what they are being told.
	showing bool
}

func newRuleRowView(m *personaedit.Model, index int) *ruleRowView {
	r := &ruleRowView{model: m, index: index}
	r.bg = canvas.NewRectangle(color.Transparent)
	r.actionBar = canvas.NewRectangle(color.Transparent)
	r.actionBar.SetMinSize(fyne.NewSize(5, 5))
	r.pick = widget.NewButton(fmt.Sprint(index+1), func() { m.SelectRule(r.index) })
	r.pick.Importance = widget.LowImportance
	// A ChoiceEntry, whose arrow Tab passes over: Tab goes from the key to the pattern.
	r.Permission = NewChoiceEntry(personaedit.PermissionKeys())
	r.Permission.SetPlaceHolder("key")
	r.Permission.OnChanged = func(s string) { r.edit(func(x *personaedit.RuleRow) { x.Permission = s }) }
	r.Pattern = newRevealEntry()
	r.Pattern.SetPlaceHolder("*")
	r.Pattern.OnChanged = func(s string) { r.edit(func(x *personaedit.RuleRow) { x.Pattern = s }) }
	r.Action = newRevealSelect([]string{string(engine.Allow), string(engine.Ask), string(engine.Deny)}, func(s string) {
		r.edit(func(x *personaedit.RuleRow) { x.Action = engine.Action(s) })
	})
	r.Reason = newRevealEntry()
	r.Reason.SetPlaceHolder("reason (deny only)")
	r.Reason.OnChanged = func(s string) { r.edit(func(x *personaedit.RuleRow) { x.Reason = s }) }
	r.covers = widget.NewLabel("")
	r.covers.Truncation = fyne.TextTruncateEllipsis
	r.msg = widget.NewLabel("")
	r.msg.Importance = widget.DangerImportance
	r.msg.Wrapping = fyne.TextWrapWord
	r.notes = container.NewVBox()
	r.ExtendBaseWidget(r)
	return r
}

// setOnFocus makes each field call f when it gains focus.
func (r *ruleRowView) setOnFocus(f func()) {
	r.Permission.onFocus, r.Pattern.onFocus, r.Action.onFocus, r.Reason.onFocus = f, f, f, f
}

// setChange marks the row's number when its rule is new (+) or changed (●) since the file was
// read, as settings editors mark a modified setting; the number alone when saved.
func (r *ruleRowView) setChange(c personaedit.RuleChange) {
	text := fmt.Sprint(r.index + 1)
	switch c {
	case personaedit.RuleNew:
		text += " +"
	case personaedit.RuleChanged:
		text += " ●"
	}
	if r.pick.Text != text {
		r.pick.SetText(text)
	}
}

// fields are the row's focusable fields, in a fixed order.
func (r *ruleRowView) fields() []fyne.Focusable {
	return []fyne.Focusable{r.Permission, r.Pattern, r.Action, r.Reason}
}

// CreateRenderer lays the row out: selection bar, the five columns, then its messages.
func (r *ruleRowView) CreateRenderer() fyne.WidgetRenderer {
	key := readingBorder(nil, nil, r.pick, nil, r.Permission)
	action := readingBorder(nil, nil, r.actionBar, nil, r.Action)
	cols := container.NewGridWithColumns(5, key, r.Pattern, action, r.Reason, r.covers)
	body := container.NewVBox(cols, r.msg, r.notes)
	return widget.NewSimpleRenderer(container.NewStack(r.bg, body))
}

// Tapped selects the row when its background is clicked.
func (r *ruleRowView) Tapped(*fyne.PointEvent) { r.model.SelectRule(r.index) }

// edit changes this row's rule in the model, unless the change is show's own doing.
func (r *ruleRowView) edit(f func(x *personaedit.RuleRow)) {
	if r.showing {
		return
	}
	d := r.model.Draft()
	if r.index >= len(d.Rules) {
		return
	}
	row := d.Rules[r.index]
	f(&row)
	if row.SameRule(d.Rules[r.index]) {
		return
	}
	r.model.SelectRule(r.index)
	r.model.SetRule(r.index, row)
}

// show puts rule into the row's widgets.
func (r *ruleRowView) show(rule personaedit.RuleRow, editable, selected bool, msg string, notes []RuleNote) {
	r.showing = true
	defer func() { r.showing = false }()
	setText(&r.Permission.SelectEntry.Entry, rule.Permission)
	setText(&r.Pattern.Entry, rule.Pattern)
	if r.Action.Selected != string(rule.Action) {
		r.Action.SetSelected(string(rule.Action))
	}
	setText(&r.Reason.Entry, rule.Reason)
	for _, w := range []fyne.Disableable{r.Permission, r.Pattern, r.Action, r.Reason} {
		setEnabled(w, editable)
	}
	// A keystroke changes one field of one row: the colour bar, the covered tools and the
	// selection look are redrawn only when what they show changed.
	if c := actionColor(rule.Action); r.actionBar.FillColor != c {
		r.actionBar.FillColor = c
		r.actionBar.Refresh()
	}
	if !r.coversKnown || r.coversFor != rule.Permission {
		r.coversFor, r.coversKnown = rule.Permission, true
		setLabel(r.covers, coversText(personaedit.CoveredTools(rule.Permission)))
	}
	bg, importance := color.Color(color.Transparent), widget.LowImportance
	if selected {
		bg, importance = theme.Color(theme.ColorNameSelection), widget.HighImportance
	}
	if r.bg.FillColor != bg || r.pick.Importance != importance {
		r.bg.FillColor, r.pick.Importance = bg, importance
		r.pick.Refresh()
		r.bg.Refresh()
	}
	setLabel(r.msg, msg)
	if msg == "" {
		r.msg.Hide()
	} else {
		r.msg.Show()
	}
	r.showNotes(notes)
}

// showNotes lists the notes (lint findings) of the row, with their fix buttons. The widgets
// are made again only when what they say changes: most keystrokes leave a row's notes as they
// were, and a button runs the fix of the notes last shown.
func (r *ruleRowView) showNotes(notes []RuleNote) {
	same := len(notes) == len(r.shownNotes)
	for i := 0; same && i < len(notes); i++ {
		a, b := notes[i], r.shownNotes[i]
		same = a.Text == b.Text && a.Fix == b.Fix && (a.Apply == nil) == (b.Apply == nil)
	}
	r.shownNotes = notes
	if same {
		return
	}
	var objs []fyne.CanvasObject
	for i, n := range notes {
		l := widget.NewLabel("⚑ " + n.Text)
		l.Importance = widget.WarningImportance
		l.Wrapping = fyne.TextWrapWord
		if n.Fix != "" && n.Apply != nil {
			objs = append(objs, readingBorder(nil, nil, nil, widget.NewButton(n.Fix, func() { r.shownNotes[i].Apply() }), l))
		} else {
			objs = append(objs, l)
		}
	}
	r.notes.Objects = objs
	r.notes.Refresh()
}

// Notes are the notes the row shows.
func (r *ruleRowView) Notes() []RuleNote { return r.shownNotes }

// coversText says how many known tools a rule's key covers, and which.
func coversText(tools []string) string {
	switch len(tools) {
	case 0:
		return "no known tool"
	case 1:
		return "1 tool: " + tools[0]
	}
	return fmt.Sprintf("%d tools: %s", len(tools), strings.Join(tools, ", "))
}
