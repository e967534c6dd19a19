package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Labels of the View menu's theme items; the choice is kept in the app's preferences.
const (
	ItemThemeSystem = "Theme: as the desktop"
	ItemThemeLight  = "Theme: light"
	ItemThemeDark   = "Theme: dark"

	themeKey = "appearance.theme"
)

// themeChoices are the theme items and the variant each forces (-1: the desktop's).
var themeChoices = []struct {
	label   string
	variant int
}{
	{ItemThemeSystem, desktopVariant},
	{ItemThemeLight, int(theme.VariantLight)},
	{ItemThemeDark, int(theme.VariantDark)},
}

// desktopVariant is the choice of no variant: the desktop's (Fyne's ThemeVariant has no value
// for it).
const desktopVariant = -1

// themeOf is the app's theme with the variant the person chose (-1: the desktop's).
func themeOf(base fyne.Theme, variant int) fyne.Theme {
	if f, ok := base.(focusTheme); ok {
		base = f.Theme
	}
	return focusTheme{Theme: base, variant: variant}
}

// chosenVariant is the variant kept in prefs (-1 when none or unknown).
func chosenVariant(prefs fyne.Preferences) int {
	v := prefs.IntWithFallback(themeKey, desktopVariant)
	for _, c := range themeChoices {
		if c.variant == v {
			return v
		}
	}
	return desktopVariant
}

// applyTheme gives a the theme its preferences name.
func applyTheme(a fyne.App) {
	a.Settings().SetTheme(themeOf(a.Settings().Theme(), chosenVariant(a.Preferences())))
}

// themeItems are the View menu's theme items, the chosen one checked; refresh rebuilds the
// menu so the check follows a choice.
func themeItems(a fyne.App, refresh func()) []*fyne.MenuItem {
	chosen := chosenVariant(a.Preferences())
	var out []*fyne.MenuItem
	for _, c := range themeChoices {
		c := c
		out = append(out, &fyne.MenuItem{Label: c.label, Checked: c.variant == chosen, Action: func() {
			a.Preferences().SetInt(themeKey, c.variant)
			applyTheme(a)
			refresh()
		}})
	}
	return out
}
