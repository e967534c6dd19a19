package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/keybindings"
)

// press is one step of a test: a key going down or up, a typed key, or a shortcut.
type press struct {
	down, up fyne.KeyName
	typed    fyne.KeyName
	shortcut fyne.Shortcut
}

func (p press) apply(k *KeyCapture) {
	switch {
	case p.down != "":
		k.KeyDown(&fyne.KeyEvent{Name: p.down})
	case p.up != "":
		k.KeyUp(&fyne.KeyEvent{Name: p.up})
	case p.typed != "":
		k.TypedKey(&fyne.KeyEvent{Name: p.typed})
	case p.shortcut != nil:
		k.TypedShortcut(p.shortcut)
	}
}

func TestKeyCaptureRecordsCombos(t *testing.T) {
	tests := []struct {
		name    string
		presses []press
		want    string // "" when nothing is recorded
		still   bool   // still capturing afterwards
	}{
		{"standard copy is ctrl+c", []press{{shortcut: &fyne.ShortcutCopy{}}}, "ctrl+c", false},
		{"standard paste is ctrl+v", []press{{shortcut: &fyne.ShortcutPaste{}}}, "ctrl+v", false},
		{"standard cut is ctrl+x", []press{{shortcut: &fyne.ShortcutCut{}}}, "ctrl+x", false},
		{"standard select all is ctrl+a", []press{{shortcut: &fyne.ShortcutSelectAll{}}}, "ctrl+a", false},
		{"standard undo is ctrl+z", []press{{shortcut: &fyne.ShortcutUndo{}}}, "ctrl+z", false},
		{"standard redo is ctrl+y", []press{{shortcut: &fyne.ShortcutRedo{}}}, "ctrl+y", false},
		{"custom shortcut alt+p", []press{{shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyP, Modifier: fyne.KeyModifierAlt}}}, "alt+p", false},
		{"custom shortcut with every modifier", []press{{shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyK,
			Modifier: fyne.KeyModifierShift | fyne.KeyModifierControl | fyne.KeyModifierAlt | fyne.KeyModifierSuper}}}, "ctrl+shift+alt+super+k", false},
		{"shift alone is no combo", []press{{down: desktop.KeyShiftLeft}, {typed: desktop.KeyShiftLeft}}, "", true},
		{"shift+tab is a typed key with shift held", []press{{down: desktop.KeyShiftLeft}, {down: fyne.KeyTab}, {typed: fyne.KeyTab}}, "shift+tab", false},
		{"shift released before the key", []press{{down: desktop.KeyShiftRight}, {up: desktop.KeyShiftRight}, {typed: fyne.KeyF5}}, "f5", false},
		{"page down has pi's name", []press{{typed: fyne.KeyPageDown}}, "pageDown", false},
		{"return is enter", []press{{typed: fyne.KeyReturn}}, "enter", false},
		{"keypad enter is enter", []press{{typed: fyne.KeyEnter}}, "enter", false},
		{"a plain letter", []press{{typed: fyne.KeyA}}, "a", false},
		{"shift+insert paste keeps its keys", []press{{down: desktop.KeyShiftLeft}, {down: fyne.KeyInsert}, {shortcut: &fyne.ShortcutPaste{}}}, "shift+insert", false},
		{"escape cancels", []press{{typed: fyne.KeyEscape}}, "", false},
		{"ctrl+escape is a combo", []press{{shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyEscape, Modifier: fyne.KeyModifierControl}}}, "ctrl+escape", false},
		{"a key pi has no name for keeps capturing", []press{{typed: "F13"}}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			k := NewKeyCapture(keybindings.Combo{})
			w := test.NewWindow(k)
			defer w.Close()
			var got []string
			k.OnCaptured = func(c keybindings.Combo) { got = append(got, c.String()) }
			test.Tap(k)
			if !k.Capturing() {
				t.Fatalf("tapping the field did not start a capture")
			}
			for _, p := range tt.presses {
				p.apply(k)
			}
			want := []string(nil)
			if tt.want != "" {
				want = []string{tt.want}
			}
			if len(got) != len(want) || (len(got) == 1 && got[0] != want[0]) {
				t.Errorf("presses %+v recorded %q, want %q (problem %q)", tt.presses, got, want, k.Problem())
			}
			if k.Capturing() != tt.still {
				t.Errorf("after %+v capturing = %v, want %v", tt.presses, k.Capturing(), tt.still)
			}
		})
	}
}

func TestKeyCaptureIgnoresKeysWhenNotCapturing(t *testing.T) {
	test.NewTempApp(t)
	k := NewKeyCapture(keybindings.MustParseCombo("alt+a"))
	w := test.NewWindow(k)
	defer w.Close()
	k.TypedShortcut(&fyne.ShortcutCopy{})
	k.TypedKey(&fyne.KeyEvent{Name: fyne.KeyB})
	if got := k.Combo().String(); got != "alt+a" {
		t.Errorf("keys pressed without a capture changed the combo to %q", got)
	}
	k.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if !k.Capturing() {
		t.Errorf("space on the focused field should start a capture")
	}
}

func TestKeyCaptureTellsTheWindowToPauseShortcuts(t *testing.T) {
	test.NewTempApp(t)
	k := NewKeyCapture(keybindings.Combo{})
	w := test.NewWindow(k)
	defer w.Close()
	var states []bool
	k.OnCapturing = func(on bool) { states = append(states, on) }
	test.Tap(k)
	k.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierControl})
	test.Tap(k)
	w.Canvas().Unfocus()
	if want := []bool{true, false, true, false}; len(states) != len(want) || states[0] != true || states[1] != false || states[2] != true || states[3] != false {
		t.Errorf("OnCapturing calls = %v, want %v", states, want)
	}
}
