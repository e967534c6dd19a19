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
