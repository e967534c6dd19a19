package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/agentmgr/agentmgr/keybindings"
)

// piKeyNames maps pi's key names to Fyne's where they differ; letters are upper-cased and
// other keys capitalised.
var piKeyNames = map[string]fyne.KeyName{
	"enter":     fyne.KeyReturn,
	"backspace": fyne.KeyBackspace,
	"pageUp":    fyne.KeyPageUp,
	"pageDown":  fyne.KeyPageDown,
}

// fyneKey is the Fyne name of pi's key, "" when Fyne has none (clear).
func fyneKey(key string) fyne.KeyName {
	if k, ok := piKeyNames[key]; ok {
		return k
	}
	if key == "clear" {
		return ""
	}
	if len(key) == 1 {
		return fyne.KeyName(strings.ToUpper(key))
	}
	return fyne.KeyName(strings.ToUpper(key[:1]) + key[1:])
}

// fyneModifiers converts pi's modifiers.
func fyneModifiers(m keybindings.Modifier) fyne.KeyModifier {
	var out fyne.KeyModifier
	if m&keybindings.Ctrl != 0 {
		out |= fyne.KeyModifierControl
	}
	if m&keybindings.Shift != 0 {
		out |= fyne.KeyModifierShift
	}
	if m&keybindings.Alt != 0 {
		out |= fyne.KeyModifierAlt
	}
	if m&keybindings.Super != 0 {
		out |= fyne.KeyModifierSuper
	}
	return out
}

// appShortcut is the Fyne shortcut that fires for combo c in the app. Fyne turns Ctrl+C/V/X/A/
// Z/Y (Super on macOS) into its standard shortcuts, so those combos must be registered as them.
// A combo with no Ctrl, Alt or Super cannot be an app shortcut: Fyne delivers it as typing (or
// focus movement, for Tab), which is why the error says so.
func appShortcut(c keybindings.Combo) (fyne.Shortcut, error) {
	mods := fyneModifiers(c.Modifiers())
	if mods&(fyne.KeyModifierControl|fyne.KeyModifierAlt|fyne.KeyModifierSuper) == 0 {
		return nil, fmt.Errorf("%s works in pi but cannot be an app shortcut: without ctrl, alt or super it is typing", c)
	}
	key := fyneKey(c.Key())
	if key == "" {
		return nil, fmt.Errorf("%s works in pi but the app cannot see the %s key", c, c.Key())
	}
	if mods == fyne.KeyModifierShortcutDefault {
		switch key {
		case fyne.KeyC:
			return &fyne.ShortcutCopy{}, nil
		case fyne.KeyV:
			return &fyne.ShortcutPaste{}, nil
		case fyne.KeyX:
			return &fyne.ShortcutCut{}, nil
		case fyne.KeyA:
			return &fyne.ShortcutSelectAll{}, nil
		case fyne.KeyZ:
			return &fyne.ShortcutUndo{}, nil
		case fyne.KeyY:
			return &fyne.ShortcutRedo{}, nil
		}
	}
	return &desktop.CustomShortcut{KeyName: key, Modifier: mods}, nil
}

// firstAppShortcut is the first of combos that can be an app shortcut, with the reasons the
// ones before it cannot.
func firstAppShortcut(combos []keybindings.Combo) (fyne.Shortcut, []string) {
	var why []string
	for _, c := range combos {
		sc, err := appShortcut(c)
		if err == nil {
			return sc, why
		}
		why = append(why, err.Error())
	}
	return nil, why
}

// withoutShortcuts is a copy of mm whose items have no shortcuts, shown while a key is being
// captured: the window tries menu shortcuts before the focused widget, so the press would run
// a menu item instead of being recorded.
func withoutShortcuts(mm *fyne.MainMenu) *fyne.MainMenu {
	if mm == nil {
		return nil
	}
	var strip func(m *fyne.Menu) *fyne.Menu
	strip = func(m *fyne.Menu) *fyne.Menu {
		out := &fyne.Menu{Label: m.Label}
		for _, it := range m.Items {
			c := *it
			c.Shortcut = nil
			if it.ChildMenu != nil {
				c.ChildMenu = strip(it.ChildMenu)
			}
			out.Items = append(out.Items, &c)
		}
		return out
	}
	out := &fyne.MainMenu{}
	for _, m := range mm.Items {
		out.Items = append(out.Items, strip(m))
	}
	return out
}
