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
	Permission *widget.SelectEntry
	Pattern    *widget.Entry
	Action     *widget.Select
	Reason     *widget.Entry
	covers     *widget.Label
	msg        *widget.Label
	notes      *fyne.Container

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
	r.Permission = widget.NewSelectEntry(personaedit.PermissionKeys())
	r.Permission.SetPlaceHolder("key")
	r.Permission.OnChanged = func(s string) { r.edit(func(x *personaedit.RuleRow) { x.Permission = s }) }
	r.Pattern = widget.NewEntry()
	r.Pattern.SetPlaceHolder("*")
	r.Pattern.OnChanged = func(s string) { r.edit(func(x *personaedit.RuleRow) { x.Pattern = s }) }
	r.Action = widget.NewSelect([]string{string(engine.Allow), string(engine.Ask), string(engine.Deny)}, func(s string) {
		r.edit(func(x *personaedit.RuleRow) { x.Action = engine.Action(s) })
	})
	r.Reason = widget.NewEntry()
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
	setText(&r.Permission.Entry, rule.Permission)
	setText(r.Pattern, rule.Pattern)
	if r.Action.Selected != string(rule.Action) {
		r.Action.SetSelected(string(rule.Action))
	}
	setText(r.Reason, rule.Reason)
	for _, w := range []fyne.Disableable{r.Permission, r.Pattern, r.Action, r.Reason} {
		setEnabled(w, editable)
	}
	r.actionBar.FillColor = actionColor(rule.Action)
	r.actionBar.Refresh()
	tools := personaedit.CoveredTools(rule.Permission)
	setLabel(r.covers, coversText(tools))
	if selected {
		r.bg.FillColor = theme.Color(theme.ColorNameSelection)
		r.pick.Importance = widget.HighImportance
	} else {
		r.bg.FillColor = color.Transparent
		r.pick.Importance = widget.LowImportance
	}
	r.pick.Refresh()
	r.bg.Refresh()
	setLabel(r.msg, msg)
	if msg == "" {
		r.msg.Hide()
	} else {
		r.msg.Show()
	}
	r.showNotes(notes)
}

// showNotes lists the notes (lint findings) of the row, with their fix buttons.
func (r *ruleRowView) showNotes(notes []RuleNote) {
	var objs []fyne.CanvasObject
	for _, n := range notes {
		l := widget.NewLabel("⚑ " + n.Text)
		l.Importance = widget.WarningImportance
		l.Wrapping = fyne.TextWrapWord
		if n.Fix != "" && n.Apply != nil {
			objs = append(objs, readingBorder(nil, nil, nil, widget.NewButton(n.Fix, n.Apply), l))
		} else {
			objs = append(objs, l)
		}
	}
	r.notes.Objects = objs
	r.notes.Refresh()
}

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
