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
	"github.com/agentmgr/agentmgr/personas"
)

// Labels of the make-a-rule dialog.
const (
	itemMakeRule = "Make a rule…"
	makeRuleAdd  = "Add to persona"
)

// showMakeRule offers p as a rule of its persona, with a preview of what the persona's own
// rules decide for the call now and with the rule: the pattern and action can be changed
// first. Adding puts the rule at the end of the persona's rules in the editor, unsaved like
// any edit: the File tab shows what Save writes.
func showMakeRule(s *Shell, p logfeed.Proposal) {
	persona, ok := s.ws.Catalog().Lookup(p.Persona)
	if !ok || !editableIn(s.ws.Catalog(), p.Persona) {
		s.ask.showError(fmt.Errorf("%s is no persona file agentmgr can edit (built in, or not found): Customize… makes an editable copy", p.Persona))
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
		before, after := q.Decide(persona.Rules, s.dirs.Home)
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
			addProposedRule(s, p.Persona, personaedit.RuleRow{Permission: p.Permission, Pattern: pattern.Text, Action: engine.Action(action.Selected)})
		}
	}, s.win)
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

// addProposedRule opens persona name in the editor (asking first about another persona's
// unsaved edits) and adds r at the end of its rules, selected, on the Rules tab.
func addProposedRule(s *Shell, name string, r personaedit.RuleRow) {
	add := func() {
		m := s.ws.Draft()
		if m == nil || m.Broken() || m.Original().Name != name {
			return
		}
		if m.Draft().Form != personas.FormRules {
			s.ask.showError(fmt.Errorf("%s gives its permissions as a preset or a legacy list: Convert to rules on its Rules tab first", name))
			return
		}
		m.Update(func(d *personaedit.Draft) { d.Rules = append(d.Rules, r) })
		s.RevealRule(name, len(m.Draft().Rules)-1)
		s.notice.show(fmt.Sprintf("Added %s %q %s to %s, unsaved. Save the persona to keep it.", r.Permission, r.Pattern, r.Action, name), "File tab", func() {
			if v := s.screen.View(); v != nil {
				v.ShowTab(TabFile)
			}
		})
	}
	if s.ws.Draft() != nil && s.ws.Selected() == name {
		add()
		return
	}
	s.edit.leaveEditor(func() {
		s.ws.Publish(s.ws.Select(name, s.load.open(name, nil)))
		add()
	})
}
