package gui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/logfeed"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/personas"
)

// Labels of the make-a-rule dialog.
const (
	itemMakeRule = "Make a rule…"
	makeRuleAdd  = "Add to persona"
)

// makeRuleDialog offers a proposal from the review log as a rule of its persona, over win;
// home is the folder `~` stands for in the rules it previews.
type makeRuleDialog struct {
	ws   *workspace.Workspace
	win  fyne.Window
	home string
	ask  asker
	// add puts the rule in the persona's editor (proposedEdits.addRule in the app).
	add func(persona string, r personaedit.RuleRow)
}

// show offers p as a rule of its persona, with a preview of what the persona's own rules
// decide for the call now and with the rule: the pattern and action can be changed first.
// Adding puts the rule at the end of the persona's rules in the editor, unsaved like any edit:
// the File tab shows what Save writes.
func (mr *makeRuleDialog) show(p logfeed.Proposal) {
	persona, ok := mr.ws.Catalog().Lookup(p.Persona)
	if !ok || !editableIn(mr.ws.Catalog(), p.Persona) {
		mr.ask.showError(fmt.Errorf("%s is no persona file agentmgr can edit (built in, or not found): Customize… makes an editable copy", p.Persona))
		return
	}
	pattern := widget.NewEntry()
	pattern.SetText(p.Pattern)
	action := widget.NewSelect([]string{string(engine.Allow), string(engine.Ask), string(engine.Deny)}, nil)
	action.SetSelected(string(p.Action))
	preview := widget.NewLabel("")
	preview.Wrapping = fyne.TextWrapWord
	update := func() {
		q := p
		q.Pattern, q.Action = pattern.Text, engine.Action(action.Selected)
		before, after := q.Decide(persona.Rules, mr.home)
		preview.SetText(fmt.Sprintf("%s's own rules decide %s %q: %s now, %s with this rule last. Guards and session rules still apply.",
			p.Persona, p.Permission, firstValue(p.Values), before.Action, after.Action))
	}
	pattern.OnChanged = func(string) { update() }
	action.OnChanged = func(string) { update() }
	update()
	form := widget.NewForm(
		widget.NewFormItem("Persona", widget.NewLabel(p.Persona)),
		widget.NewFormItem("Key", widget.NewLabel(p.Permission)),
		widget.NewFormItem("Pattern", pattern),
		widget.NewFormItem("Action", action),
	)
	d := dialog.NewCustomConfirm("Make a rule", makeRuleAdd, choiceCancel, container.NewVBox(form, preview), func(ok bool) {
		if ok {
			mr.add(p.Persona, personaedit.RuleRow{Permission: p.Permission, Pattern: pattern.Text, Action: engine.Action(action.Selected)})
		}
	}, mr.win)
	d.Resize(fyne.NewSize(560, 320))
	d.Show()
}

// firstValue is the call's first value, "" for a call without one.
func firstValue(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

// addRule opens persona name in the editor and adds r at the end of its rules, selected, on
// the Rules tab. A notice says the edit is unsaved and offers the File tab.
func (pe *proposedEdits) addRule(name string, r personaedit.RuleRow) {
	pe.inEditor(name, func(m *personaedit.Model) {
		if m.Draft().Form != personas.FormRules {
			pe.ask.showError(fmt.Errorf("%s gives its permissions as a preset or a legacy list: Convert to rules on its Rules tab first", name))
			return
		}
		m.Update(func(d *personaedit.Draft) { d.Rules = append(d.Rules, r) })
		pe.revealRule(name, len(m.Draft().Rules)-1)
		pe.notice.show(fmt.Sprintf("Added %s %q %s to %s, unsaved. Save the persona to keep it.", r.Permission, r.Pattern, r.Action, name), "File tab", func() {
			pe.showTab(TabFile)
		})
	})
}
