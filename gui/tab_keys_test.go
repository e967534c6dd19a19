package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

func TestEditorTabsAreReachableByKeyWhileAnEntryHasFocus(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()[0])
	s.SelectPersona("reviewer")
	v := s.screen.View()
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	s.Window().Canvas().Focus(pt.Description)
	selected := func() string { return v.Tabs().Selected().Text }
	// The menu's shortcuts are what the window tries first, before the focused Entry.
	press := func(k fyne.KeyName, m fyne.KeyModifier) {
		t.Helper()
		sc := &desktop.CustomShortcut{KeyName: k, Modifier: m}
		for _, menu := range s.Window().MainMenu().Items {
			if it := findShortcut(menu.Items, sc); it != nil {
				it.Action()
				return
			}
		}
		t.Fatalf("no menu item has %s", sc.ShortcutName())
	}
	press(fyne.KeyTab, fyne.KeyModifierControl)
	if selected() != TabRules {
		t.Fatalf("Ctrl+Tab from Persona shows %s; want Rules", selected())
	}
	if f, ok := s.Window().Canvas().Focused().(*widget.Button); !ok || f.Text != "Add" {
		t.Errorf("after Ctrl+Tab to Rules the focus is on %T; want the Add button", s.Window().Canvas().Focused())
	}
	press(fyne.KeyPageDown, fyne.KeyModifierControl)
	if selected() != PreviewTitle {
		t.Errorf("Ctrl+PageDown from Rules shows %s; want Preview", selected())
	}
	press(fyne.KeyPageUp, fyne.KeyModifierControl)
	press(fyne.KeyTab, fyne.KeyModifierControl|fyne.KeyModifierShift)
	if selected() != TabPersona {
		t.Errorf("Ctrl+PageUp, Ctrl+Shift+Tab from Preview shows %s; want Persona", selected())
	}
	press(fyne.KeyTab, fyne.KeyModifierControl|fyne.KeyModifierShift)
	if selected() != TabHistory {
		t.Errorf("Ctrl+Shift+Tab from the first tab shows %s; want the last, History", selected())
	}
	s.ShowScreen(SimulatorTitle)
	press(fyne.KeyTab, fyne.KeyModifierControl)
	if got := s.tabs.tabs.Selected().Text; got != PersonasTitle {
		t.Errorf("Ctrl+Tab on the last screen shows %s; want the first, Personas", got)
	}
}

// findShortcut finds the item with shortcut sc in items or their submenus.
func findShortcut(items []*fyne.MenuItem, sc fyne.Shortcut) *fyne.MenuItem {
	for _, it := range items {
		if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() {
			return it
		}
		if it.ChildMenu != nil {
			if f := findShortcut(it.ChildMenu.Items, sc); f != nil {
				return f
			}
		}
	}
	return nil
}

// TestSimpleAndHistoryTabsTakeTheFocus: switching to the Simple or the History tab, by key
// (Ctrl+Tab) or by a click on the tab, puts the focus inside it: on the first group's choice,
// on the list of asks and denials.
func TestSimpleAndHistoryTabsTakeTheFocus(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()[0])
	s.SelectPersona("reviewer")
	v := s.screen.View()
	c := s.Window().Canvas()
	inside := func(tab fyne.CanvasObject) bool {
		found := false
		walk(tab, func(o fyne.CanvasObject) {
			if f, ok := o.(fyne.Focusable); ok && f == c.Focused() {
				found = true
			}
		})
		return found
	}
	for _, title := range []string{TabSimple, TabHistory} {
		// By key: Ctrl+Tab from the tab before.
		for i, it := range v.Tabs().Items {
			if it.Text == title {
				v.ShowTab(v.Tabs().Items[i-1].Text)
			}
		}
		c.Unfocus()
		s.CycleTab(1)
		if got := v.Tabs().Selected().Text; got != title {
			t.Fatalf("Ctrl+Tab shows %s, want %s", got, title)
		}
		if c.Focused() == nil || !inside(v.Tab(title)) {
			t.Errorf("after Ctrl+Tab into %s the focus is on %T, not inside the tab", title, c.Focused())
		}
		// By mouse: a click on the tab.
		v.ShowTab(TabPersona)
		c.Unfocus()
		for _, it := range v.Tabs().Items {
			if it.Text == title {
				v.Tabs().Select(it) // what a click on the tab does
			}
		}
		if c.Focused() == nil || !inside(v.Tab(title)) {
			t.Errorf("after a click on %s the focus is on %T, not inside the tab", title, c.Focused())
		}
	}
}
