package gui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
)

func pickerNames(m *PickerModel) []string {
	var out []string
	for _, it := range m.Shown() {
		out = append(out, it.Name)
	}
	return out
}

func TestPickerModelFilters(t *testing.T) {
	s := part2Shell(t)
	m := NewPickerModel(s.ws.Catalog(), "builder")
	if c, _ := m.Choice(); c.Name != "builder" {
		t.Errorf("the picker opens on %q, want the active persona", c.Name)
	}
	tests := []struct {
		filter string
		want   []string
	}{
		{"", []string{"planner", "builder", "reviewer", "sloppy", "tinker", "deployer"}},
		{"r", []string{"reviewer", "planner", "builder", "tinker", "deployer", "sloppy"}}, // sloppy by its description
		{"REV", []string{"reviewer"}},
		{"git", []string{"reviewer"}},      // from the description
		{"ship rel", []string{"deployer"}}, // every word must match
		{"zzz", nil},
	}
	for _, tt := range tests {
		m.SetFilter(tt.filter)
		if got := pickerNames(m); !slices.Equal(got, tt.want) {
			t.Errorf("filter %q shows %q, want %q", tt.filter, got, tt.want)
		}
	}
	m.SetFilter("")
	m.Move(-1)
	if c, _ := m.Choice(); c.Name != "deployer" {
		t.Errorf("moving up from the first wraps to %q, want the last", c.Name)
	}
}

func TestPickerSwitchesTheActivePersona(t *testing.T) {
	s := part2Shell(t)
	p := showPickerOf(s)
	test.Type(p.Entry, "rev")
	p.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if s.ws.Active() != "reviewer" {
		t.Errorf("after typing rev and Enter, the active persona is %q", s.ws.Active())
	}
	if p.pop.Visible() {
		t.Errorf("the picker stays open after switching")
	}

	p = showPickerOf(s)
	p.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	p.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if s.ws.Active() != "reviewer" || p.pop.Visible() {
		t.Errorf("Escape should close without switching; active %q, open %v", s.ws.Active(), p.pop.Visible())
	}
}

func TestPickerOpensWithTheConfiguredKeyWhileAnEntryHasFocus(t *testing.T) {
	s := part2Shell(t)
	it := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemAgentPicker)
	if it == nil || it.Shortcut == nil || it.Shortcut.ShortcutName() != "CustomDesktop:Shift+Control+A" {
		t.Fatalf("the picker item = %+v, want the fixture's ctrl+shift+a", it)
	}
	sim := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	s.ShowScreen(SimulatorTitle)
	s.Window().Canvas().Focus(sim.Value)
	// The canvas holds every menu shortcut, so that an Entry with focus cannot swallow it.
	s.Window().Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyA, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if p := previewStateOf(s).picker; p == nil || !p.pop.Visible() {
		t.Fatalf("ctrl+shift+a did not open the picker")
	}
}

func TestNextAgentHasNoShortcutWhenPiSkipsItsKey(t *testing.T) {
	s := part2Shell(t)
	// The fixture binds next to shift+tab, which pi reserves: the app does not pretend.
	if it := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemNextAgent); it == nil || it.Shortcut != nil {
		t.Errorf("Next agent = %+v, want no shortcut", it)
	}
	// previous has no entry: its default alt+p applies.
	it := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemPreviousAgent)
	if it == nil || it.Shortcut == nil || it.Shortcut.ShortcutName() != "CustomDesktop:Alt+P" {
		t.Errorf("Previous agent = %+v, want alt+p", it)
	}
}
