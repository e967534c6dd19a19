package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/agentmgr/agentmgr/keybindings"
)

// textFieldKeys are the keys every text field of the app takes for itself (Fyne's standard
// shortcuts): an agent action on one of them would never reach the menu while typing.
var textFieldKeys = []keybindings.AppKey{
	{Combo: keybindings.MustParseCombo("ctrl+c"), Name: "Copy in text fields"},
	{Combo: keybindings.MustParseCombo("ctrl+v"), Name: "Paste in text fields"},
	{Combo: keybindings.MustParseCombo("ctrl+x"), Name: "Cut in text fields"},
	{Combo: keybindings.MustParseCombo("ctrl+a"), Name: "Select all in text fields"},
}

// ownKeys are the app's own shortcuts in mm: every menu item's, except the Agent menu's items
// that follow keybindings.json (they are pi's keys, not the app's), and the text fields'.
// The Keys screen checks pi's actions against them, and the Agent menu never takes one.
func ownKeys(mm *fyne.MainMenu) []keybindings.AppKey {
	out := append([]keybindings.AppKey{}, textFieldKeys...)
	var walk func(menu string, items []*fyne.MenuItem)
	walk = func(menu string, items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(menu, it.ChildMenu.Items)
			}
			if menu == MenuAgent && (it.Label == ItemNextAgent || it.Label == ItemPreviousAgent || it.Label == ItemAgentPicker) {
				continue
			}
			if c, ok := menuCombo(it.Shortcut); ok {
				out = append(out, keybindings.AppKey{Combo: c, Name: menu + " › " + it.Label})
			}
		}
	}
	if mm != nil {
		for _, m := range mm.Items {
			walk(m.Label, m.Items)
		}
	}
	return out
}

// menuCombo is pi's spelling of a menu shortcut, false for one pi cannot name.
func menuCombo(sc fyne.Shortcut) (keybindings.Combo, bool) {
	var c keybindings.Combo
	var err error
	switch sc := sc.(type) {
	case *desktop.CustomShortcut:
		c, err = comboOf(sc.Modifier, sc.KeyName)
	case *fyne.ShortcutUndo:
		c, err = comboOf(fyne.KeyModifierShortcutDefault, fyne.KeyZ)
	case *fyne.ShortcutRedo:
		c, err = comboOf(fyne.KeyModifierShortcutDefault, fyne.KeyY)
	default:
		return keybindings.Combo{}, false
	}
	return c, err == nil
}

// usableAgentKey is the first of combos that can be an app shortcut and is not one of the
// app's own keys (taken): Ctrl+Shift+Tab stays Previous tab even when pi's Previous agent is
// bound to it.
func usableAgentKey(combos []keybindings.Combo, taken []keybindings.AppKey) fyne.Shortcut {
	var free []keybindings.Combo
	for _, c := range combos {
		own := false
		for _, k := range taken {
			own = own || k.Combo == c
		}
		if !own {
			free = append(free, c)
		}
	}
	sc, _ := firstAppShortcut(free)
	return sc
}
