package gui

import (
	"image/color"

	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/engine"
)

// tokenColors gives each theme token of a persona's color a fixed colour. They are fixed, not
// taken from the Fyne theme, because pi paints the same tokens in the terminal and a persona
// should look the same in both; mid-tone values read on light and dark backgrounds alike.
var tokenColors = map[string]color.NRGBA{
	"accent":       {0x2a, 0xa1, 0x98, 0xff},
	"success":      {0x4e, 0x9a, 0x06, 0xff},
	"warning":      {0xc4, 0x8a, 0x00, 0xff},
	"error":        {0xcc, 0x33, 0x33, 0xff},
	"info":         {0x34, 0x65, 0xa4, 0xff},
	"dim":          {0x88, 0x88, 0x88, 0xff},
	"muted":        {0x99, 0x88, 0x99, 0xff},
	"borderAccent": {0x75, 0x50, 0x7b, 0xff},
}

// tokenColor is the colour of a persona's color token; transparent for none or an unknown one.
func tokenColor(token string) color.Color {
	if c, ok := tokenColors[token]; ok {
		return c
	}
	return color.Transparent
}

// actionTokens are the colour tokens of the three actions: allow green, ask amber, deny red.
var actionTokens = map[engine.Action]string{engine.Allow: "success", engine.Ask: "warning", engine.Deny: "error"}

// actionColor is how an action is painted in the rules table (actionTokens); anything else is
// painted as text.
func actionColor(a engine.Action) color.Color {
	if token, ok := actionTokens[a]; ok {
		return tokenColors[token]
	}
	return theme.Color(theme.ColorNameForeground)
}
