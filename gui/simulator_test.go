package gui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/preview"
)

func TestSimulatorAnswersWhatPlannerDoesWithGitPush(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "planner", Tool: "bash", Value: "git push origin main"})
	r := v.Result()
	if r == nil || r.Decision.Action != engine.Deny || r.Rule == nil || r.Rule.Row() != 1 || !r.Hidden {
		t.Fatalf("planner bash git push = %+v, want deny by rule 1, tool hidden", r)
	}
	texts := strings.Join(labelTexts(v.result), "\n")
	for _, want := range []string{`planner · bash "git push origin main"`, "bash is hidden from planner", `"*" "*" deny`, "builtin:planner"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the result does not say %q; it says:\n%s", want, texts)
		}
	}
}

func TestSimulatorShowsUnitsGuardAndSuggestions(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Persona.SetSelected("builder")
	v.Tool.SetText("bash")
	test.Type(v.Value, "git status && rm -rf /tmp/x")
	v.Value.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	r := v.Result()
	if r == nil || r.Decision.Action != engine.Deny || r.Guard == nil {
		t.Fatalf("builder 'git status && rm -rf /tmp/x' = %+v, want deny by the guard", r)
	}
	texts := strings.Join(labelTexts(v.result), "\n")
	for _, want := range []string{"git status", "rm -rf /tmp/x", "Guard applied", "guards.yaml"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the result does not mention %q; it says:\n%s", want, texts)
		}
	}
	v.Value.SetText("git status && rm -r build")
	v.Run()
	if r := v.Result(); r.Decision.Action != engine.Ask || !slices.Equal(r.Suggestions, []string{"rm -r build"}) {
		t.Errorf("builder 'rm -r build' = %s with suggestions %q, want ask suggesting exactly rm -r build (never rm *)", r.Decision.Action, r.Suggestions)
	}
	if n := len(v.sim.History()); n != 2 {
		t.Errorf("history holds %d checks, want 2", n)
	}
}

func TestSimulatorHistoryRecordsOnlyChecksRun(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "planner", Tool: "bash"})
	if n := len(v.sim.History()); n != 0 {
		t.Errorf("a prefilled query went into the history (%d entries)", n)
	}
	v.Check.OnTapped()
	v.Check.OnTapped()
	if h := v.sim.History(); len(h) != 1 || h[0].Agent != "planner" {
		t.Errorf("after checking twice, history = %+v, want the one query", h)
	}
	v.Prefill(preview.Query{Persona: "builder", Tool: "read", Value: "x"})
	v.history.Select(0)
	if r := v.Result(); r == nil || r.Agent != "planner" || r.Tool != "bash" {
		t.Errorf("choosing the history entry shows %+v, want planner bash again", r)
	}
}

func TestSimulatorShowRuleOpensTheRulesTab(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "reviewer", Tool: "bash", Value: "git push"})
	b := findButtonPrefix(v.result, "Show rule")
	if b == nil {
		t.Fatalf("no Show rule button in the result: %q", labelTexts(v.result))
	}
	test.Tap(b)
	ed := s.ws.Draft()
	if ed == nil || ed.Original() == nil || ed.Original().Name != "reviewer" {
		t.Fatalf("Show rule opened %+v, want reviewer", ed)
	}
	if got, want := ed.SelectedRule(), v.Result().Rule.Index; got != want {
		t.Errorf("selected rule row = %d, want %d (the git push deny)", got, want)
	}
}

func TestSimulatorFollowsEdits(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "sloppy", Tool: "bash", Value: "npm test"})
	if got := v.Result().Decision.Action; got != engine.Ask {
		t.Fatalf("sloppy npm test = %s, want ask (its catch-all comes last)", got)
	}
	s.SelectPersona("sloppy")
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		// Put the catch-all first, as the lint fix does.
		last := d.Rules[len(d.Rules)-1]
		d.Rules = append([]personaedit.RuleRow{last}, d.Rules[:len(d.Rules)-1]...)
	})
	if got := v.Result().Decision.Action; got != engine.Allow {
		t.Errorf("after moving the catch-all first, sloppy npm test = %s, want allow", got)
	}
}

func TestSimulatorErrors(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "builder"})
	if texts := strings.Join(labelTexts(v.result), " "); !strings.Contains(texts, "choose a tool") {
		t.Errorf("checking without a tool says %q", texts)
	}
}

func TestSimulatorGolden(t *testing.T) {
	s := part2Shell(t)
	v := simulatorScreenOf(s, previewStateOf(s))
	for _, q := range []preview.Query{
		{Persona: "planner", Tool: "bash", Value: "ls -la"},
		{Persona: "builder", Tool: "bash", Value: "git status && rm -r build | tee log"},
	} {
		v.Prefill(q)
		v.Run()
	}
	v.Resize(fyne.NewSize(980, 680))
	test.AssertObjectRendersToImage(t, "part2/simulator.png", v)
}

func TestSimulatorAddAsExample(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "planner", Tool: "bash", Value: "ls"})
	if findButtonPrefix(v.result, "Add as example") != nil {
		t.Errorf("a built-in offers Add as example")
	}
	v.Prefill(preview.Query{Persona: "sloppy", Tool: "bash", Value: "npm test"})
	b := findButtonPrefix(v.result, "Add as example")
	if b == nil {
		t.Fatalf("no Add as example button for sloppy: %q", labelTexts(v.result))
	}
	test.Tap(b)
	// The question offers the action the call gets now first.
	choice := findButton(topDialog(s), "Expect deny")
	if now := findButton(topDialog(s), "Expect ask (as now)"); now == nil || choice == nil {
		t.Fatalf("the question lacks its choices")
	}
	test.Tap(choice)
	m := s.ws.Draft()
	if m == nil || m.Original().Name != "sloppy" || !m.Dirty() {
		t.Fatalf("sloppy is not open with an unsaved edit: %v", m)
	}
	exs := m.Persona().Examples
	if len(exs) != 1 || exs[0].Expect != engine.Deny || exs[0].Tool != "bash" || exs[0].Value != "npm test" {
		t.Errorf("the examples after Add as example: %+v", exs)
	}
	// The Problems tab checks it at once: the rules give ask.
	lint := NewLintView(previewStateOf(s), tabDepsOf(s), m)
	if texts := strings.Join(labelTexts(lint.list), "\n"); !strings.Contains(texts, `example bash "npm test": expected deny, got ask`) {
		t.Errorf("the Problems tab does not report the new example:\n%s", texts)
	}
}

func TestSimulatorHeadlineNamesFailClosedAnalysis(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "builder", Tool: "bash", Value: "$CMD --help"})
	r := v.Result()
	if r == nil || r.Decision.Action != engine.Ask || !r.FailClosed {
		t.Fatalf("builder bash '$CMD --help' = %+v, want a fail-closed ask", r)
	}
	texts := labelTexts(v.result)
	headline := ""
	for _, l := range texts {
		if strings.HasPrefix(l, "Decided by") {
			headline = l
		}
	}
	if !strings.HasPrefix(headline, "Decided by fail-closed analysis, not by a rule: "+r.Decision.Reason) {
		t.Errorf("the headline is %q, want it to name the fail-closed analysis and its reason %q", headline, r.Decision.Reason)
	}
	v.Prefill(preview.Query{Persona: "builder", Tool: "bash", Value: "git status"})
	if got := strings.Join(labelTexts(v.result), "\n"); strings.Contains(got, "fail-closed") || !strings.Contains(got, "Decided by ") {
		t.Errorf("an allowed call's result should name its rule, not the analysis; it says:\n%s", got)
	}
}
