package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

// ProblemsTitle is the title of the editor tab listing lint problems.
const ProblemsTitle = "Problems"

// draftLint lints the rules as the table shows them, so that problem i is about row i even
// while a row is half typed, and checks the persona's examples against them (an example added
// from the Simulator counts before it is saved). extra are the user's tool names, whose keys
// are not unknown.
func draftLint(m *personaedit.Model, extra []string) []preview.Problem {
	if m == nil || m.Broken() {
		return nil
	}
	return lintDraft(m.Draft(), extra)
}

// lintDraft is draftLint of a draft of its own (a clone), which a view worker may read.
func lintDraft(d personaedit.Draft, extra []string) []preview.Problem {
	rs := make(engine.Ruleset, len(d.Rules))
	for i, r := range d.Rules {
		rs[i] = r.Rule()
	}
	exs := make([]preview.Example, len(d.Examples))
	for i, ex := range d.Examples {
		exs[i] = preview.Example(ex)
	}
	ps := preview.Lint(preview.Persona{Rules: rs, Legacy: d.Form == personas.FormLegacy, Examples: exs}, extra)
	for i, p := range ps {
		// A rule a later one shadows never decides: moving it below that rule makes it decide
		// what it names, which is what its author most likely meant. It changes what the
		// persona does, so it is offered (with its effect on the Problems tab), never made.
		if p.Fix == nil && p.Kind == engine.LintShadowed && p.By > p.Rule {
			ps[i].Fix = &preview.Fix{Op: preview.FixMove, Rule: p.Rule, To: p.By}
		}
	}
	return ps
}

// lintFixLabel is the button text of p's fix.
func lintFixLabel(p preview.Problem) string {
	if f := p.Fix; f.Op == preview.FixMove && p.Kind == engine.LintShadowed && f.To == p.By {
		return fmt.Sprintf("Move rule %d below rule %d", f.Rule+1, p.By+1)
	}
	return p.Fix.Label()
}

// fixable reports whether m's rows may be edited by a fix: a rule map the person may change
// (a preset or legacy list is converted explicitly first).
func fixable(m *personaedit.Model) bool {
	return !m.ReadOnly() && m.Draft().Form == personas.FormRules
}

// applyFix makes a lint fix in the editor's rows, as one edit.
func applyFix(m *personaedit.Model, f preview.Fix) error {
	var err error
	m.Update(func(d *personaedit.Draft) {
		rows, e := preview.ApplyFix(f, d.Rules)
		if err = e; e == nil {
			d.Rules = rows
		}
	})
	return err
}

// lintNotes puts every lint problem of ps about a row under that row, with its fix button when
// the fix is safe and the rows may be edited (fix).
func lintNotes(ask asker, m *personaedit.Model, ps []preview.Problem, fix bool) []RuleNote {
	var out []RuleNote
	for _, p := range ps {
		if p.Rule < 0 {
			continue
		}
		n := RuleNote{Row: p.Rule, Text: p.Message}
		if p.Fix != nil && fix {
			fix := *p.Fix
			n.Fix = lintFixLabel(p)
			n.Apply = func() {
				if err := applyFix(m, fix); err != nil {
					ask.showError(err)
				}
			}
		}
		out = append(out, n)
	}
	return out
}

// LintView is the Problems tab: every lint problem of the open persona, each with what its fix
// would change before it is made.
type LintView struct {
	widget.BaseWidget
	d     tabDeps
	state *previewState
	m     *personaedit.Model
	list  *fyne.Container
	lag   tabLag
}

// NewLintView makes the Problems tab for the persona open in m, with what d gives of the
// window and the previews' shared st.
func NewLintView(st *previewState, d tabDeps, m *personaedit.Model) *LintView {
	v := &LintView{d: d, state: st, m: m, list: container.NewVBox()}
	v.ExtendBaseWidget(v)
	v.update()
	m.OnChange(v.changed)
	return v
}

// changed lists the problems again if the tab is on screen; what each fix would change costs
// two evaluations per problem, which a hidden tab leaves until it is shown.
func (v *LintView) changed() { v.lag.follow(v.d.inFront(v.m, ProblemsTitle, v), v.update) }

// catchUp brings the tab up to date with the edits made while it was hidden (the editor calls
// it when the tab is selected).
func (v *LintView) catchUp() { v.lag.catchUp(v.update) }

// Problems are the problems listed.
func (v *LintView) Problems() []preview.Problem {
	return draftLint(v.m, ExtraTools(v.d.prefs))
}

// lintView is the Problems tab's content computed on the view worker: the problems, and what
// each fix would change (by problem index).
type lintView struct {
	problems []preview.Problem
	effects  map[int]string
}

// update asks the view worker for the problems of the draft as it is now; the tab lists them
// when they are ready (at once in tests that run views in step).
func (v *LintView) update() {
	if v.m.Broken() {
		v.show(lintView{})
		return
	}
	in, d, fix := viewInputOf(v.d.ws), v.m.Draft(), fixable(v.m)
	extra, tools := ExtraTools(v.d.prefs), PreviewTools(v.d.prefs)
	v.d.views.Submit(viewProblems, func() func() {
		out := lintView{problems: lintDraft(d, extra), effects: map[int]string{}}
		if fix {
			rs := make(engine.Ruleset, len(d.Rules))
			for i, r := range d.Rules {
				rs[i] = r.Rule()
			}
			for i, p := range out.problems {
				if p.Fix != nil {
					out.effects[i] = effectText(v.state, in, rs, *p.Fix, tools)
				}
			}
		}
		return func() { v.show(out) }
	})
}

// show lists computed problems.
func (v *LintView) show(out lintView) {
	var objs []fyne.CanvasObject
	if len(out.problems) == 0 {
		objs = append(objs, wrapLabel("No problems: every rule can decide something, and no rule repeats another."))
	}
	for i, p := range out.problems {
		objs = append(objs, v.problemRow(p, out.effects[i]))
	}
	v.list.Objects = objs
	v.list.Refresh()
}

func (v *LintView) problemRow(p preview.Problem, effect string) fyne.CanvasObject {
	where := "Persona"
	if p.Rule >= 0 {
		where = fmt.Sprintf("Rule %d", p.Rule+1)
	}
	head := widget.NewLabelWithStyle(where+" · "+string(p.Kind), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	msg := wrapLabel(p.Message)
	var buttons []fyne.CanvasObject
	if p.Rule >= 0 {
		row := p.Rule
		buttons = append(buttons, widget.NewButtonWithIcon("Show", theme.NavigateNextIcon(), func() {
			if o := v.m.Original(); o != nil {
				v.d.revealRule(o.Name, row)
			}
		}))
	}
	body := []fyne.CanvasObject{head, msg}
	switch {
	case p.Kind == engine.LintLegacy && !v.m.ReadOnly():
		buttons = append(buttons, widget.NewButton("Convert to rules", v.m.ConvertToRules))
	case p.Fix != nil && fixable(v.m):
		fix := *p.Fix
		body = append(body, wrapLabel(effect))
		b := widget.NewButtonWithIcon(lintFixLabel(p), theme.ConfirmIcon(), func() {
			if err := applyFix(v.m, fix); err != nil {
				v.d.ask.showError(err)
			}
		})
		b.Importance = widget.HighImportance
		buttons = append(buttons, b)
	}
	return container.NewVBox(readingBorder(nil, nil, nil, container.NewHBox(buttons...), container.NewVBox(body...)), widget.NewSeparator())
}

// effectText says what a fix of rules would change in the tools' statuses; on the view
// worker, which alone uses the cache.
func effectText(st *previewState, in viewInput, rs engine.Ruleset, f preview.Fix, tools []string) string {
	st.prepare(in)
	changes, err := st.cache.Effect(rs, f, tools)
	if err != nil {
		return err.Error()
	}
	if len(changes) == 0 {
		return "This fix changes no decision."
	}
	var parts []string
	for _, c := range changes {
		parts = append(parts, c.String())
	}
	return "This fix changes: " + strings.Join(parts, ", ")
}

// CreateRenderer is part of fyne.Widget.
func (v *LintView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVScroll(v.list))
}
