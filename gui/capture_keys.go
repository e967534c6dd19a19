package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/agentmgr/agentmgr/keybindings"
)

// fyneKeyNames maps Fyne's names of keys to pi's where they differ; letters and the other
// keys pi knows by the same name are handled by keybindings.NewCombo itself.
var fyneKeyNames = map[fyne.KeyName]string{
	fyne.KeyReturn:    "enter",
	fyne.KeyEnter:     "enter", // the keypad's Enter
	fyne.KeyBackspace: "backspace",
	fyne.KeyPageUp:    "pageUp",
	fyne.KeyPageDown:  "pageDown",
}

// isModifierKey reports whether k is a modifier on its own: pressing it is no combo yet.
func isModifierKey(k fyne.KeyName) bool {
	switch k {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight, desktop.KeyControlLeft, desktop.KeyControlRight,
		desktop.KeyAltLeft, desktop.KeyAltRight, desktop.KeySuperLeft, desktop.KeySuperRight,
		desktop.KeyCapsLock, desktop.KeyMenu:
		return true
	}
	return false
}

// modifierOf is the modifier bit a modifier key holds down, 0 for other keys.
func modifierOf(k fyne.KeyName) fyne.KeyModifier {
	switch k {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		return fyne.KeyModifierShift
	case desktop.KeyControlLeft, desktop.KeyControlRight:
		return fyne.KeyModifierControl
	case desktop.KeyAltLeft, desktop.KeyAltRight:
		return fyne.KeyModifierAlt
	case desktop.KeySuperLeft, desktop.KeySuperRight:
		return fyne.KeyModifierSuper
	}
	return 0
}

// comboOf converts a key press as Fyne reports it into pi's combo. It fails, with a sentence
// for the person, on keys pi has no name for (keypad keys other than Enter, F13 and above).
func comboOf(mods fyne.KeyModifier, key fyne.KeyName) (keybindings.Combo, error) {
	var m keybindings.Modifier
	for _, p := range []struct {
		f fyne.KeyModifier
		k keybindings.Modifier
	}{
		{fyne.KeyModifierControl, keybindings.Ctrl},
		{fyne.KeyModifierShift, keybindings.Shift},
		{fyne.KeyModifierAlt, keybindings.Alt},
		{fyne.KeyModifierSuper, keybindings.Super},
	} {
		if mods&p.f != 0 {
			m |= p.k
		}
	}
	name, ok := fyneKeyNames[key]
	if !ok {
		name = strings.ToLower(string(key))
	}
	c, err := keybindings.NewCombo(m, name)
	if err != nil {
		return keybindings.Combo{}, fmt.Errorf("pi cannot bind the key %s: %w", key, err)
	}
	return c, nil
}

// shortcutCombo converts a shortcut delivered to a focused widget. Fyne turns Ctrl+C/V/X/A/Z/Y
// (Super on macOS) into its standard shortcuts, which name their key and modifier; a
// desktop.CustomShortcut names them directly. lastKey and held are what the widget saw of the
// physical press, when the driver reported it: they tell Shift+Insert (also "Paste") from
// Ctrl+V.
func shortcutCombo(sc fyne.Shortcut, lastKey fyne.KeyName, held fyne.KeyModifier) (keybindings.Combo, error) {
	ks, ok := sc.(fyne.KeyboardShortcut)
	if !ok {
		return keybindings.Combo{}, fmt.Errorf("the shortcut %q is not a key press", sc.ShortcutName())
	}
	key, mods := ks.Key(), ks.Mod()
	if _, custom := sc.(*desktop.CustomShortcut); !custom && lastKey != "" && held != 0 {
		key, mods = lastKey, held
	}
	return comboOf(mods, key)
}
