package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/preview"
)

// A result is never shown as current for fields it was not computed for: choosing another
// persona answers for it at once, and typing another value marks the shown answer as not
// current until Check.
func TestSimulatorNeverShowsAStaleAnswerAsCurrent(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	v.Prefill(preview.Query{Persona: "planner", Tool: "bash", Value: "git push --force"})
	if r := v.Result(); r == nil || r.Decision.Action != engine.Deny || v.staleNote.Visible() {
		t.Fatalf("planner git push --force = %+v (stale note %v), want a current deny", r, v.staleNote.Visible())
	}

	v.Persona.SetSelected("builder")
	r := v.Result()
	if r == nil || r.Agent != "builder" || r.Decision.Action == engine.Deny {
		t.Fatalf("after choosing builder the result is %+v; want builder's own answer (not planner's deny)", r)
	}
	if v.staleNote.Visible() {
		t.Errorf("builder's own answer is marked stale: %q", v.staleNote.Text)
	}
	if n := len(v.sim.History()); n != 0 {
		t.Errorf("choosing a persona added %d checks to the history; want only checks run", n)
	}

	v.Value.SetText("git push --force origin")
	if !v.staleNote.Visible() || !strings.Contains(v.staleNote.Text, `builder · bash "git push --force"`) {
		t.Fatalf("after typing, the stale note is %v %q; want it to name the check shown", v.staleNote.Visible(), v.staleNote.Text)
	}
	v.Value.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if v.staleNote.Visible() || v.Result().Value != "git push --force origin" {
		t.Errorf("after Enter: stale note %v, result for %q", v.staleNote.Visible(), v.Result().Value)
	}

	v.Tool.SetText("read")
	if !v.staleNote.Visible() {
		t.Error("another tool typed: the shown answer is not marked stale")
	}
}
