package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// focusTheme is the default theme with a focus colour that can be seen: the default's is a
// faint tint that keyboard users lost track of; and with the light or dark variant the person
// chose (View menu), whatever the desktop's. Everything else is the default theme's.
type focusTheme struct {
	fyne.Theme
	variant int // desktopVariant, or a fyne.ThemeVariant the person chose
}

// focusColor is an opaque amber, readable on the light and the dark variant alike.
var focusColor = color.NRGBA{R: 0xf5, G: 0x9e, B: 0x0b, A: 0xff}

func (t focusTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameFocus {
		return focusColor
	}
	if t.variant != desktopVariant {
		v = fyne.ThemeVariant(t.variant)
	}
	return t.Theme.Color(n, v)
}

// UseFocusTheme keeps a's theme and gives it a visible focus colour.
func UseFocusTheme(a fyne.App) {
	a.Settings().SetTheme(focusTheme{Theme: a.Settings().Theme(), variant: desktopVariant})
}
