package gui

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/reviewlog"
)

func genNames(n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf("gen%03d", i))
	}
	return out
}

func TestFilterSelectNarrowsAsTyped(t *testing.T) {
	var chosen []string
	f := NewFilterSelect(genNames(300), func(s string) { chosen = append(chosen, s) })
	test.NewTempWindow(t, f)
	if !f.HasFilter() {
		t.Fatal("300 choices and no filter field")
	}
	test.Type(f.Filter, "gen01")
	if got := len(f.Shown()); got != 10 {
		t.Errorf("filter gen01 leaves %d choices; want 10", got)
	}
	if len(f.Options()) != 300 {
		t.Errorf("the filter changed the options: %d left; want all 300 kept", len(f.Options()))
	}
	f.Filter.SetText("GEN123")
	if len(chosen) != 0 {
		t.Errorf("one match left without PickLone chose %q; want nothing chosen until Enter", chosen)
	}
	f.Filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f.Selected() != "gen123" || !slices.Equal(chosen, []string{"gen123"}) {
		t.Errorf("Enter chose %q (callbacks %q); want gen123", f.Selected(), chosen)
	}

	// Choosing an option the filter hides clears the filter, so the choice is listed.
	f.SetSelected("gen200")
	if f.Selected() != "gen200" || f.Filter.Text != "" || len(f.Shown()) != 300 {
		t.Errorf("SetSelected(gen200) left %q selected, filter %q, %d shown", f.Selected(), f.Filter.Text, len(f.Shown()))
	}

	f.PickLone = true
	f.Filter.SetText("gen29")
	f.Filter.SetText("gen299")
	if f.Selected() != "gen299" {
		t.Errorf("PickLone: one match left, selected %q; want gen299", f.Selected())
	}

	// The options change (a reload): the filter applies to the new ones, and goes with them
	// when they are few.
	f.Filter.SetText("gen00")
	f.SetOptions(genNames(50))
	if got := len(f.Shown()); got != 10 {
		t.Errorf("after new options, filter gen00 shows %d; want 10", got)
	}
	f.SetOptions([]string{"a", "b"})
	if f.HasFilter() || !slices.Equal(f.Shown(), []string{"a", "b"}) {
		t.Errorf("two choices: filter offered %v, shown %q; want no filter and both", f.HasFilter(), f.Shown())
	}
	// The filter takes no room while it is not offered.
	if w := f.MinSize().Width; w > f.Select.MinSize().Width+1 {
		t.Errorf("two choices need %v px; want the choice's own %v", w, f.Select.MinSize().Width)
	}
}

// With 300 personas every long choice of the window filters as typed: the toolbar's active
// agent (Enter switches, typing alone does not), the Simulator's persona, and the Log's agent;
// the window still fits 800x600.
func TestLongChoicesFilterEverywhere(t *testing.T) {
	s := scaleShell(t, 300)
	s.Window().Resize(fyne.NewSize(800, 600))
	sel := s.toolbar.selector
	if !sel.HasFilter() {
		t.Fatal("the toolbar's agent choice has no filter with 300 personas")
	}
	before := s.ws.Active()
	sel.Filter.SetText("gen123")
	if got := sel.Shown(); len(got) != 1 {
		t.Fatalf("toolbar filter gen123 leaves %q; want one", got)
	}
	if s.ws.Active() != before {
		t.Errorf("typing in the toolbar's filter switched the agent to %q", s.ws.Active())
	}
	sel.Filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if s.ws.Active() != "gen123" {
		t.Errorf("Enter in the toolbar's filter: active is %q; want gen123", s.ws.Active())
	}
	fits(t, s, "toolbar with its filter", 800, 600)

	sim := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	if !sim.Persona.HasFilter() {
		t.Fatal("the Simulator's persona choice has no filter with 300 personas")
	}
	sim.Persona.Filter.SetText("gen045")
	if sim.Persona.Selected() != "gen045" {
		t.Errorf("Simulator filter gen045 chose %q", sim.Persona.Selected())
	}
	if q := sim.Query(); q.Persona != "gen045" {
		t.Errorf("the Simulator checks %q; want gen045", q.Persona)
	}
	fits(t, s, "Simulator", 800, 600)

	log := screenOf[*LogView](t, s, LogTitle)
	var es []reviewlog.Entry
	for _, n := range genNames(40) {
		es = append(es, reviewlog.Entry{Time: time.Unix(1, 0), Event: "decision", Agent: n, Tool: "bash", Action: "allow"})
	}
	log.load(es, nil)
	if !log.Agent.HasFilter() {
		t.Fatal("the Log's agent filter has no filter field with 40 agents")
	}
	log.Agent.Filter.SetText("gen039")
	if log.Agent.Selected() != "gen039" || log.Model().Len() != 1 {
		t.Errorf("Log filter gen039: agent %q, %d entries; want gen039's one", log.Agent.Selected(), log.Model().Len())
	}
	fits(t, s, "Log", 800, 600)
}

func TestNarrowed(t *testing.T) {
	tools := genNames(26)
	if got := narrowed(tools, "gen02"); len(got) != 6 {
		t.Errorf("narrowed(26 tools, gen02) = %q; want the 6 that contain it", got)
	}
	if got := narrowed(tools, "custom_tool"); len(got) != 26 {
		t.Errorf("a name no tool contains narrows to %d; want all 26 offered", len(got))
	}
	if got := narrowed(tools[:5], "gen001"); len(got) != 5 {
		t.Errorf("5 tools narrow to %d; want all (few are not filtered)", len(got))
	}
}
