package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
)

// TabSimple is the title of the tool-group checklist tab.
const TabSimple = "Simple"

// mixedChoice is how the checklist shows a group its rules decide differently per call.
const mixedChoice = "As the rules say"

// SimpleTab is the simple first editor: one row per tool group with Allow, Ask or Deny. A
// choice writes ordinary rules at the end of the rule map (personaedit.Model.SetGroup), so the
// Rules tab shows exactly what it did.
type SimpleTab struct {
	widget.BaseWidget
	model    *personaedit.Model
	note     *widget.Label
	choices  []*choiceButtons
	mixed    []*widget.Label
	updating bool // set while refresh selects the choices, so they do not write back
	content  fyne.CanvasObject
}

// NewSimpleTab makes the checklist for m.
func NewSimpleTab(m *personaedit.Model) *SimpleTab {
	t := &SimpleTab{model: m}
	t.note = widget.NewLabel("Each choice adds or changes a rule at the end of the Rules tab; the rules you wrote stay as they are.")
	t.note.Wrapping = fyne.TextWrapWord
	form := container.NewVBox()
	for _, g := range personaedit.ToolGroups() {
		name := widget.NewLabel(g.Name)
		name.TextStyle.Bold = true
		keys := widget.NewLabel(strings.Join(g.Keys, ", "))
		keys.Importance = widget.LowImportance
		choice := newChoiceButtons([]string{"Allow", "Ask", "Deny"}, nil)
		group := g.Name
		choice.OnChanged = func(s string) {
			if t.updating || s == "" {
				return
			}
			t.model.SetGroup(group, engine.Action(strings.ToLower(s)))
		}
		mixed := widget.NewLabel(mixedChoice)
		mixed.Importance = widget.WarningImportance
		t.choices = append(t.choices, choice)
		t.mixed = append(t.mixed, mixed)
		form.Add(container.NewVBox(container.NewHBox(name, keys), container.NewHBox(choice, mixed)))
	}
	t.content = container.NewVScroll(container.NewVBox(t.note, form))
	t.ExtendBaseWidget(t)
	m.OnChange(t.refresh)
	t.refresh()
	return t
}

// refresh shows what the draft's rules decide for each group now.
func (t *SimpleTab) refresh() {
	d := t.model.Draft()
	editable := !t.model.ReadOnly() && d.Form == personas.FormRules
	t.updating = true
	defer func() { t.updating = false }()
	for i, s := range personaedit.Groups(d.Rules) {
		c := t.choices[i]
		switch s.Action {
		case personaedit.GroupMixed:
			c.SetSelected("")
			t.mixed[i].Show()
		default:
			c.SetSelected(strings.ToUpper(string(s.Action[:1])) + string(s.Action[1:]))
			t.mixed[i].Hide()
		}
		if editable {
			c.Enable()
		} else {
			c.Disable()
		}
	}
	switch {
	case t.model.ReadOnly():
		t.note.SetText("This persona is read-only.")
	case d.Form != personas.FormRules:
		t.note.SetText("This persona uses a preset or a tool list: convert it to rules in the Rules tab to choose here.")
	default:
		t.note.SetText("Each choice adds or changes a rule at the end of the Rules tab; the rules you wrote stay as they are.")
	}
}

// FocusTarget is the first group's choice, when the persona's rules can be edited here.
func (t *SimpleTab) FocusTarget() fyne.Focusable {
	if len(t.choices) == 0 || t.choices[0].Disabled() {
		return nil
	}
	return t.choices[0].FocusTarget()
}

// CreateRenderer draws the checklist.
func (t *SimpleTab) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
