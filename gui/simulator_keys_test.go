package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// typeFocused types text, rune by rune, into whatever has the focus of c as each rune is
// typed, as a person at the keyboard does.
func typeFocused(t *testing.T, c fyne.Canvas, text string) {
	t.Helper()
	for _, r := range text {
		f := c.Focused()
		if f == nil {
			t.Fatalf("typing %q: nothing has the focus at %q", text, r)
		}
		f.TypedRune(r)
	}
}

// TestSimulatorTypedTextSurvivesTab: a person who types the tool, presses Tab, types the value,
// presses Tab and types the session finds each in its field (Tab used to stop on the tool's
// dropdown button, where the space of "git status" opened the list and the rest was lost).
func TestSimulatorTypedTextSurvivesTab(t *testing.T) {
	s := part2Shell(t)
	s.ShowScreen(SimulatorTitle)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	c := s.Window().Canvas()
	c.Focus(v.Tool)
	typeFocused(t, c, "bash")
	pressTab(c)
	typeFocused(t, c, "git status")
	pressTab(c)
	typeFocused(t, c, "s 1")
	if v.Tool.Text != "bash" || v.Value.Text != "git status" || v.Session.Text != "s 1" {
		t.Errorf("typed bash, Tab, git status, Tab, s 1: the fields hold tool %q, value %q, session %q", v.Tool.Text, v.Value.Text, v.Session.Text)
	}
	if c.Focused() != v.Session {
		t.Errorf("after two Tabs from the tool the focus is on %T, want the session", c.Focused())
	}
}

// TestChoiceEntryOpensItsListByKeyAndByArrow: the choices are still a Down key or a click on
// the arrow away, and a choice is put into the field.
func TestChoiceEntryOpensItsListByKeyAndByArrow(t *testing.T) {
	s := part2Shell(t)
	s.ShowScreen(SimulatorTitle)
	v := screenOf[*SimulatorScreen](t, s, SimulatorTitle)
	c := s.Window().Canvas()
	for _, open := range []struct {
		name string
		do   func()
	}{
		{"Down", func() { c.Focus(v.Tool); v.Tool.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown}) }},
		{"the arrow", func() { test.Tap(v.Tool.ActionItem.(fyne.Tappable)) }},
	} {
		v.Tool.SetText("")
		v.Tool.menu = nil
		open.do()
		menu := v.Tool.menu
		if menu == nil || !menu.Visible() || c.Overlays().Top() == nil {
			t.Fatalf("%s opens no list", open.name)
		}
		if _, focusable := v.Tool.ActionItem.(fyne.Focusable); focusable {
			t.Errorf("the arrow takes the focus; Tab would stop on it")
		}
		menu.Items[0].(fyne.Tappable).Tapped(&fyne.PointEvent{})
		if v.Tool.Text != v.Tool.Options()[0] {
			t.Errorf("after %s and a click on the first choice the tool is %q, want %q", open.name, v.Tool.Text, v.Tool.Options()[0])
		}
		menu.Hide()
	}
}
