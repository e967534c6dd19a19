package gui

import (
	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/gui/keysedit"
	"github.com/agentmgr/agentmgr/keybindings"
)

// ItemAgentPicker is the Agent menu's item that opens the quick switcher.
const ItemAgentPicker = "Agent picker…"

// piVersionKey is the preference holding the pi release keybindings are checked against.
const piVersionKey = "keys.piVersion"

// keysPath is keybindings.json in s's agent dir.
func keysPath(s *Shell) string { return s.Dirs().Keybindings() }

// keysModel is keybindings.json of s's agent dir checked against pi release version and the
// app's own shortcuts, as the Keys screen shows it.
func keysModel(s *Shell, version string) *keysedit.Model {
	km := keysedit.Load(keysPath(s), version)
	km.SetAppKeys(ownKeys(s.mainMenu()))
	return km
}

// agentKeysMenu gives Next agent, Previous agent and the picker the keys keybindings.json sets
// for pi, so that the same keys work in the app. Menu shortcuts are tried before the focused
// widget, so a focused entry does not swallow them. The saved file counts, not unsaved edits
// on the Keys screen: the app follows what pi will read.
func agentKeysMenu(s *Shell, mm *fyne.MainMenu) {
	km := keysedit.Load(keysPath(s), s.App().Preferences().String(piVersionKey))
	// The app's own keys win: a pi key that is also, say, Previous tab stays Previous tab.
	own := ownKeys(mm)
	if it := FindMenuItem(mm, MenuAgent, ItemNextAgent); it != nil {
		it.Shortcut = usableAgentKey(km.Keys(keybindings.ActionNext), own)
	}
	if it := FindMenuItem(mm, MenuAgent, ItemPreviousAgent); it != nil {
		it.Shortcut = usableAgentKey(km.Keys(keybindings.ActionPrevious), own)
	}
	for _, m := range mm.Items {
		if m.Label == MenuAgent {
			sc := usableAgentKey(km.Keys(keybindings.ActionPicker), own)
			m.Items = append(m.Items, &fyne.MenuItem{Label: ItemAgentPicker, Action: func() { showPickerOf(s) }, Shortcut: sc})
		}
	}
}

// menuItemWith returns the label of the menu item whose shortcut is sc, "" when none.
func menuItemWith(mm *fyne.MainMenu, sc fyne.Shortcut) string {
	if mm == nil || sc == nil {
		return ""
	}
	var find func(items []*fyne.MenuItem) string
	find = func(items []*fyne.MenuItem) string {
		for _, it := range items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() {
				return it.Label
			}
			if it.ChildMenu != nil {
				if l := find(it.ChildMenu.Items); l != "" {
					return l
				}
			}
		}
		return ""
	}
	for _, m := range mm.Items {
		if l := find(m.Items); l != "" {
			return m.Label + " › " + l
		}
	}
	return ""
}

// showPickerOf opens the quick switcher over s's window, on its catalog; the window keeps it
// where tests find it.
func showPickerOf(s *Shell) *Picker {
	p := ShowPicker(s.ws.Catalog(), s.ws.Active(), s.win, s.SetActive)
	previewStateOf(s).picker = p
	return p
}
