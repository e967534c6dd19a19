package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/keybindings"
)

// KeyCapture is a field that records one key combo: tap it (or focus it and press Space or
// Enter), then press the keys. Fyne has no such widget, and delivers a press in three ways:
// Ctrl+C/V/X/A/Z/Y as its standard shortcuts, other presses with Ctrl, Alt or Super as a
// desktop.CustomShortcut, and everything else (Shift+key included, since Shift alone makes no
// shortcut) as a typed key, whose modifiers the widget tracks from key-down and key-up events.
// Escape cancels a capture; a modifier pressed alone is no combo and keeps the capture going.
type KeyCapture struct {
	widget.BaseWidget

	// OnCaptured is called with every combo recorded.
	OnCaptured func(keybindings.Combo)
	// OnCapturing is called with true when a capture starts and false when it ends, so that
	// the window can pause its own shortcuts, which would otherwise take the press first.
	OnCapturing func(bool)
	// OnProblem is called with why a press could not be recorded, and with "" when that no
	// longer applies (another press, Escape, focus gone). The field itself never shows the
	// reason: a sentence inside it would widen it, and the window with it.
	OnProblem func(string)

	combo     keybindings.Combo
	capturing bool
	problem   string // why the last press could not be recorded

	held    fyne.KeyModifier // modifiers down, from KeyDown/KeyUp
	lastKey fyne.KeyName     // the last key down that is not a modifier

	bg   *canvas.Rectangle
	text *canvas.Text
}

// NewKeyCapture makes a capture field showing combo (the zero combo shows "none").
func NewKeyCapture(combo keybindings.Combo) *KeyCapture {
	k := &KeyCapture{combo: combo}
	k.ExtendBaseWidget(k)
	return k
}

// Combo is the combo shown: the last one recorded or set.
func (k *KeyCapture) Combo() keybindings.Combo { return k.combo }

// SetCombo shows combo without calling OnCaptured.
func (k *KeyCapture) SetCombo(c keybindings.Combo) {
	k.combo = c
	k.setProblem("")
	k.Refresh()
}

// Capturing reports whether the field waits for a key press.
func (k *KeyCapture) Capturing() bool { return k.capturing }

// Problem is why the last press could not be recorded, "" when it could.
func (k *KeyCapture) Problem() string { return k.problem }

// Start begins a capture, as tapping the field does.
func (k *KeyCapture) Start() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(k); c != nil && c.Focused() != k {
		c.Focus(k)
	}
	k.setCapturing(true)
}

func (k *KeyCapture) setCapturing(on bool) {
	if k.capturing == on {
		return
	}
	k.capturing = on
	k.held, k.lastKey = 0, ""
	k.setProblem("")
	k.Refresh()
	if k.OnCapturing != nil {
		k.OnCapturing(on)
	}
}

// Tapped starts a capture.
func (k *KeyCapture) Tapped(*fyne.PointEvent) { k.Start() }

// FocusGained is part of fyne.Focusable.
func (k *KeyCapture) FocusGained() { k.Refresh() }

// FocusLost ends a capture: keys pressed elsewhere are not for this field.
func (k *KeyCapture) FocusLost() {
	k.setCapturing(false)
	k.Refresh()
}

// TypedRune is part of fyne.Focusable; characters are handled as keys in TypedKey.
func (k *KeyCapture) TypedRune(rune) {}

// AcceptsTab keeps Tab and Shift+Tab for the capture while it runs, instead of moving focus.
func (k *KeyCapture) AcceptsTab() bool { return k.capturing }

// KeyDown tracks modifiers and the key pressed, which the standard shortcuts do not tell.
func (k *KeyCapture) KeyDown(e *fyne.KeyEvent) {
	if m := modifierOf(e.Name); m != 0 {
		k.held |= m
		return
	}
	k.lastKey = e.Name
}

// KeyUp tracks modifiers released.
func (k *KeyCapture) KeyUp(e *fyne.KeyEvent) {
	k.held &^= modifierOf(e.Name)
	if e.Name == k.lastKey {
		k.lastKey = ""
	}
}

// TypedKey records a key pressed with no modifier or with Shift alone.
func (k *KeyCapture) TypedKey(e *fyne.KeyEvent) {
	if !k.capturing {
		if e.Name == fyne.KeySpace || e.Name == fyne.KeyReturn || e.Name == fyne.KeyEnter {
			k.setCapturing(true)
		}
		return
	}
	if isModifierKey(e.Name) {
		return
	}
	mods := k.held
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		mods = d.CurrentKeyModifiers()
	}
	if e.Name == fyne.KeyEscape && mods == 0 {
		k.setCapturing(false)
		return
	}
	k.record(comboOf(mods, e.Name))
}

// TypedShortcut records a press with Ctrl, Alt or Super, the standard shortcuts included.
func (k *KeyCapture) TypedShortcut(sc fyne.Shortcut) {
	if !k.capturing {
		return
	}
	k.record(shortcutCombo(sc, k.lastKey, k.held))
}

func (k *KeyCapture) record(c keybindings.Combo, err error) {
	if err != nil {
		k.setProblem(err.Error())
		k.Refresh()
		return
	}
	k.combo = c
	k.setCapturing(false)
	if k.OnCaptured != nil {
		k.OnCaptured(c)
	}
}

func (k *KeyCapture) setProblem(p string) {
	if p == k.problem {
		return
	}
	k.problem = p
	if k.OnProblem != nil {
		k.OnProblem(p)
	}
}

// label is what the field shows: short texts only, so that its width never changes.
func (k *KeyCapture) label() string {
	switch {
	case k.capturing && k.problem != "":
		return "Press another key…"
	case k.capturing:
		return "Press a key… (Esc)"
	case k.combo.IsZero():
		return "none"
	}
	return k.combo.String()
}

// CreateRenderer is part of fyne.Widget.
func (k *KeyCapture) CreateRenderer() fyne.WidgetRenderer {
	k.bg = canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	k.bg.CornerRadius = theme.InputRadiusSize()
	k.bg.StrokeWidth = theme.InputBorderSize()
	k.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	k.text.TextStyle = fyne.TextStyle{Monospace: true}
	k.text.Alignment = fyne.TextAlignCenter
	r := &captureRenderer{k: k, WidgetRenderer: widget.NewSimpleRenderer(container.NewStack(k.bg, container.NewPadded(k.text)))}
	r.Refresh()
	return r
}

type captureRenderer struct {
	fyne.WidgetRenderer
	k *KeyCapture
}

// captureWidth is the field's fixed width: the longest combo pi knows fits, and nothing the
// field shows can make it (and the window) wider.
const captureWidth = 220

// MinSize is a fixed width whatever the text; the height is the text's.
func (r *captureRenderer) MinSize() fyne.Size {
	return fyne.NewSize(captureWidth, r.WidgetRenderer.MinSize().Height)
}

func (r *captureRenderer) Refresh() {
	k := r.k
	k.text.Text = k.label()
	k.text.Color = theme.Color(theme.ColorNameForeground)
	k.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	k.bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	if k.capturing {
		k.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
		k.text.Color = theme.Color(theme.ColorNamePrimary)
	}
	if k.problem != "" {
		k.bg.StrokeColor = theme.Color(theme.ColorNameError)
	}
	r.WidgetRenderer.Refresh()
}
