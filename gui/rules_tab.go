package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/personas"
)

// Form choices shown at the top of the rules tab.
const (
	formPresetLabel = "Preset"
	formLegacyLabel = "Legacy list"
	formRulesLabel  = "Rules"
)

// RulesTab edits how the persona gives its permissions: a preset, a legacy list, or an ordered
// table of rules, with an explicit conversion to rules.
type RulesTab struct {
	widget.BaseWidget
	// views computes the rule notes off the UI goroutine; prefs hold the extra tools the
	// lint knows; ask shows why a note's fix failed.
	views *workspace.Views
	prefs fyne.Preferences
	ask   asker
	model *personaedit.Model

	form    *widget.Label
	preset  *widget.Select
	legacy  *widget.CheckGroup
	convert *widget.Button
	formBox *fyne.Container

	ops []*widget.Button // add, insert, duplicate, delete, up, down, reset
	// find and modifiedOnly narrow the rows shown (find in rules; only rules changed since
	// the file was read); reset takes the selected rule back to the file.
	find         *widget.Entry
	modifiedOnly *widget.Check
	reset        *widget.Button
	rowsBox      *fyne.Container
	rows         []*ruleRowView
	scroll       *container.Scroll
	showing      bool // see PersonaTab.showing

	// shownRows and shownSel are the row count and selected row the scroll last followed;
	// revealPending is set when the selected row could not be scrolled to because the tab
	// had no size yet (RevealRule selects before it shows the tab).
	shownRows, shownSel int
	revealPending       bool

	// notes are the lint notes by row, as the view worker last computed them.
	notes map[int][]RuleNote
}

// NewRulesTab makes the tab for m; views computes its rule notes, with the extra tools of
// prefs, and ask shows why a note's fix failed.
func NewRulesTab(m *personaedit.Model, views *workspace.Views, prefs fyne.Preferences, ask asker) *RulesTab {
	t := &RulesTab{views: views, prefs: prefs, ask: ask, model: m, shownSel: -1}
	t.form = widget.NewLabel("")
	// Each choice says what the preset allows.
	t.preset = widget.NewSelect(presetChoices(), func(c string) {
		if !t.showing {
			m.Update(func(d *personaedit.Draft) { d.Preset = presetOfChoice(c) })
		}
	})
	t.legacy = widget.NewCheckGroup(builtin.LegacyWords, func(words []string) {
		// Setting the checks from the draft calls this too: only a different set is an edit,
		// so that a file listing its words in another order does not turn dirty on opening.
		if t.showing || sameWords(words, m.Draft().Legacy) {
			return
		}
		m.Update(func(d *personaedit.Draft) { d.Legacy = orderedWords(words) })
	})
	t.legacy.Horizontal = true
	t.convert = widget.NewButtonWithIcon("Convert to rules", theme.ViewRestoreIcon(), t.focusNewRule(m.ConvertToRules))
	t.formBox = container.NewHBox()
	t.ops = []*widget.Button{
		widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), t.focusNewRule(m.AddRule)),
		widget.NewButtonWithIcon("Insert", theme.ListIcon(), t.focusNewRule(m.InsertRule)),
		widget.NewButtonWithIcon("Duplicate", theme.ContentCopyIcon(), t.focusNewRule(m.DuplicateRule)),
		widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), t.keepFocus(m.DeleteRule, false)),
		widget.NewButtonWithIcon("Up", theme.MoveUpIcon(), t.keepFocus(func() { m.MoveRule(-1) }, true)),
		widget.NewButtonWithIcon("Down", theme.MoveDownIcon(), t.keepFocus(func() { m.MoveRule(1) }, true)),
	}
	t.reset = widget.NewButtonWithIcon("Reset rule", theme.ContentUndoIcon(), t.keepFocus(func() { m.ResetRule(m.SelectedRule()) }, false))
	t.ops = append(t.ops, t.reset)
	t.find = widget.NewEntry()
	t.find.SetPlaceHolder(findRulesHint)
	t.find.OnChanged = func(string) { t.applyFilter() }
	t.modifiedOnly = widget.NewCheck("Modified only", func(bool) { t.applyFilter() })
	t.rowsBox = container.NewVBox()
	t.scroll = container.NewVScroll(t.rowsBox)
	t.ExtendBaseWidget(t)
	m.OnChange(t.refresh)
	t.refresh()
	return t
}

// CreateRenderer lays out the form chooser, the row operations and the rows.
func (t *RulesTab) CreateRenderer() fyne.WidgetRenderer {
	objs := make([]fyne.CanvasObject, len(t.ops))
	for i, b := range t.ops {
		objs[i] = b
	}
	head := container.NewVBox(
		container.NewHBox(widget.NewLabel("Permissions are given as:"), t.form),
		t.formBox,
		newFlow(objs...),
		readingBorder(nil, nil, nil, t.modifiedOnly, t.find),
	)
	// The table keeps its columns' widths and scrolls sideways in a narrow window, instead of
	// making the window (or squeezing the persona list) wider.
	table := container.NewHScroll(readingBorder(ruleHeader(), nil, nil, nil, t.scroll))
	return widget.NewSimpleRenderer(readingBorder(head, nil, nil, nil, table))
}

// Row returns the view of rules row i, for tests and for jumping to a rule.
func (t *RulesTab) Row(i int) *ruleRowView {
	if i < 0 || i >= len(t.rows) {
		return nil
	}
	return t.rows[i]
}

// refresh follows the draft: the form controls, then the rows, reusing row views in place so
// that typing keeps focus.
func (t *RulesTab) refresh() { showDraft(t.model, &t.showing, t.showDraft) }

// showDraft is refresh, with showing set.
func (t *RulesTab) showDraft(m *personaedit.Model, d personaedit.Draft) {
	ro := m.ReadOnly()
	switch d.Form {
	case personas.FormPreset:
		t.form.SetText(formPresetLabel + " " + d.Preset)
		if presetOfChoice(t.preset.Selected) != d.Preset {
			t.preset.SetSelected(presetChoice(d.Preset))
		}
		t.formBox.Objects = []fyne.CanvasObject{t.preset, t.convert}
	case personas.FormLegacy:
		t.form.SetText(formLegacyLabel + " (deprecated)")
		if !sameWords(t.legacy.Selected, d.Legacy) {
			t.legacy.SetSelected(lowerWords(d.Legacy))
		}
		t.formBox.Objects = []fyne.CanvasObject{t.legacy, t.convert}
	default:
		t.form.SetText(fmt.Sprintf("%s (%d)", formRulesLabel, len(d.Rules)))
		t.formBox.Objects = nil
	}
	t.formBox.Refresh()
	editable := !ro && d.Form == personas.FormRules
	setEnabled(t.preset, !ro)
	setEnabled(t.convert, !ro)
	// The writer edits a legacy list only by converting it: its words are shown, not edited.
	t.legacy.Disable()
	for _, b := range t.ops {
		setEnabled(b, editable)
	}
	setEnabled(t.reset, editable && m.RuleChange(m.SelectedRule()) != personaedit.RuleSaved)
	for len(t.rows) < len(d.Rules) {
		r := newRuleRowView(m, len(t.rows))
		r.setOnFocus(func() { t.scrollToRow(r.index) })
		t.rows = append(t.rows, r)
		t.rowsBox.Add(r)
	}
	if len(t.rows) > len(d.Rules) {
		for _, r := range t.rows[len(d.Rules):] {
			t.rowsBox.Remove(r)
		}
		t.rows = t.rows[:len(d.Rules)]
	}
	errs := m.Validate()
	// The rows keep the notes last computed until the worker has linted this draft.
	for i, r := range t.rows {
		r.show(d.Rules[i], editable, i == m.SelectedRule(), personaedit.FieldMessage(errs, personaedit.FieldRules, i), t.notes[i])
		r.setChange(m.RuleChange(i))
	}
	t.applyFilter()
	t.fitRows()
	t.updateNotes()
	if sel := m.SelectedRule(); len(t.rows) != t.shownRows || sel != t.shownSel {
		t.shownRows, t.shownSel = len(t.rows), sel
		t.followSelection()
	}
}

// updateNotes asks the view worker to lint the draft as it is now: linting checks every rule
// against every other and runs the persona's examples, too much for every keystroke on the UI
// goroutine. The rows show the notes once they are ready (at once in tests that run views in
// step); a newer draft's notes supersede an older one's.
func (t *RulesTab) updateNotes() {
	m := t.model
	d, fix := m.Draft(), fixable(m)
	extra := ExtraTools(t.prefs)
	t.views.Submit(viewRuleNotes, func() func() {
		ps := lintDraft(d, extra)
		return func() { t.showNotes(ruleNotes(t.ask, m, ps, fix)) }
	})
}

// showNotes puts computed notes under the rows.
func (t *RulesTab) showNotes(notes map[int][]RuleNote) {
	t.notes = notes
	for i, r := range t.rows {
		r.showNotes(notes[i])
	}
	t.fitRows()
}

// fitRows lays the rows out again when one of them needs more or less height than it has: a
// note or a message that came or went changes only what the row needs, and the rows under it
// stayed where they were (drawn over a new note, or under a blank band where one was).
func (t *RulesTab) fitRows() {
	for _, r := range t.rows {
		if r.Visible() && r.Size().Height != r.MinSize().Height {
			t.scroll.Refresh()
			return
		}
	}
}

// Resize lays the tab out and then scrolls to a row that was selected while it had no size.
func (t *RulesTab) Resize(size fyne.Size) {
	t.BaseWidget.Resize(size)
	if t.revealPending && t.scroll.Size().Height > 0 {
		t.followSelection()
	}
}

// followSelection keeps the scroll in step with the rows after rows were added, removed or
// selected: a new, moved or revealed row is scrolled into view, and when the rows shrank the
// offset is clamped, which the scroll does not do by itself until it is laid out again (rows
// would stay scrolled off the top above an empty space).
func (t *RulesTab) followSelection() {
	view := t.scroll.Size()
	t.revealPending = false
	// Lay the rows out at their new size now, as the scroll would on its next layout, so that
	// the offset is judged against the rows as they are.
	t.rowsBox.Resize(t.rowsBox.MinSize().Max(view))
	if sel := t.shownSel; sel >= 0 && sel < len(t.rows) && view.Height <= 0 {
		t.revealPending = true
		return
	}
	t.scrollToRow(t.shownSel)
}

// scrollToRow scrolls as little as needed for row i to be in view (any i: the offset is only
// clamped when i is no row), as when a field of a row below the view takes the focus.
func (t *RulesTab) scrollToRow(i int) {
	view := t.scroll.Size()
	off := t.scroll.Offset.Y
	if i >= 0 && i < len(t.rows) && view.Height > 0 {
		top := float32(0)
		for _, r := range t.rows[:i] {
			if r.Visible() { // the filter's hidden rows take no room
				top += r.MinSize().Height + theme.Padding()
			}
		}
		bottom := top + t.rows[i].MinSize().Height
		switch {
		case top < off:
			off = top
		case bottom > off+view.Height:
			off = bottom - view.Height
		}
	}
	t.scroll.Offset.Y = off
	// Refresh clamps the offset to the rows' height.
	t.scroll.Refresh()
}

// focusNewRule wraps an operation that makes a rule (Add, Insert, Duplicate, Convert to rules)
// so that the new rule's pattern takes the focus, in view: typing goes on where the rule was
// made instead of dozens of Tabs away.
func (t *RulesTab) focusNewRule(op func()) func() {
	return func() {
		op()
		sel := t.model.SelectedRule()
		if sel < 0 || sel >= len(t.rows) {
			sel = 0 // converted: the first rule, where the file's order starts
		}
		c := fyne.CurrentApp().Driver().CanvasForObject(t)
		if c == nil || sel >= len(t.rows) {
			return
		}
		c.Focus(t.rows[sel].Pattern)
		t.scrollToRow(sel)
	}
}

// ruleHeader names the columns of the rules table.
func ruleHeader() fyne.CanvasObject {
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	return container.NewGridWithColumns(5, bold("#  Permission"), bold("Pattern"), bold("Action"), bold("Deny reason"), bold("Covers"))
}

// orderedWords puts checked legacy words in the order the file lists them: the fixed order.
func orderedWords(words []string) []string {
	out := []string{}
	for _, w := range builtin.LegacyWords {
		if containsString(words, w) {
			out = append(out, w)
		}
	}
	return out
}

// sameWords reports whether two lists hold the same legacy words, in any order and case.
func sameWords(a, b []string) bool {
	a, b = orderedWords(lowerWords(a)), orderedWords(lowerWords(b))
	return strings.Join(a, ",") == strings.Join(b, ",")
}

func lowerWords(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(w)
	}
	return out
}

func setEnabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// keepFocus wraps a row operation so that typing never lands in another rule than the one the
// person was typing in. Row views are bound to indexes, so after an operation the focused
// field shows whatever rule now sits at its index. A moved rule takes the focus along when
// the person was typing in it (follow); otherwise a field of the rules table loses focus.
func (t *RulesTab) keepFocus(op func(), follow bool) func() {
	return func() {
		c := fyne.CurrentApp().Driver().CanvasForObject(t)
		if c == nil {
			op()
			return
		}
		row, field := t.focusedField(c.Focused())
		before := t.model.SelectedRule()
		op()
		if row < 0 {
			return
		}
		if sel := t.model.SelectedRule(); follow && row == before && sel >= 0 && sel < len(t.rows) {
			from, to := t.rows[row].fields()[field], t.rows[sel].fields()[field]
			c.Focus(to)
			// The cursor stays where it was in the text, which moved along with the rule.
			if a, b := entryOf(from), entryOf(to); a != nil && b != nil {
				b.CursorRow, b.CursorColumn = a.CursorRow, a.CursorColumn
				b.Refresh()
			}
			return
		}
		c.Unfocus()
	}
}

// focusedField finds o among the rows' fields: its row and its place in ruleRowView.fields,
// or -1, -1.
func (t *RulesTab) focusedField(o fyne.Focusable) (row, field int) {
	if o == nil {
		return -1, -1
	}
	for i, r := range t.rows {
		for j, f := range r.fields() {
			if f == o {
				return i, j
			}
		}
	}
	return -1, -1
}

// entryOf is the text entry of a rules row field, nil for the action choice.
func entryOf(f fyne.Focusable) *widget.Entry {
	switch e := f.(type) {
	case *widget.Entry:
		return e
	case *widget.SelectEntry:
		return &e.Entry
	case *revealEntry:
		return &e.Entry
	case *ChoiceEntry:
		return &e.Entry
	}
	return nil
}

// findRulesHint is the placeholder of the Rules tab's find field.
const findRulesHint = "Find in rules (key, pattern, action, reason)"

// applyFilter shows the rows the find field and Modified only leave; the rules themselves and
// their order are untouched (a hidden rule still decides).
func (t *RulesTab) applyFilter() {
	changed := false
	for i, r := range t.rows {
		show := t.model.RuleShown(i, t.find.Text, t.modifiedOnly.Checked)
		if show != r.Visible() {
			changed = true
			if show {
				r.Show()
			} else {
				r.Hide()
			}
		}
	}
	if changed {
		t.rowsBox.Refresh()
	}
}
