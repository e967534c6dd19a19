package personas

import (
	"slices"
	"unicode"
)

// Colors are the theme tokens a persona's color may name (docs/rules.md).
var Colors = []string{"accent", "success", "warning", "error", "info", "dim", "muted", "borderAccent"}

// IsColor reports whether s is one of Colors (case-sensitive, as the theme reads it).
func IsColor(s string) bool { return slices.Contains(Colors, s) }

// maxIconGlyphs is how many glyphs an icon may have before it earns a warning: an icon is
// meant to be one glyph, two leaves room for a glyph and a variation.
const maxIconGlyphs = 2

// glyphs counts what a person sees as characters, roughly: combining marks, variation
// selectors, skin tones, emoji tags and anything joined by a zero-width joiner belong to the
// glyph before them, and a pair of regional indicators is one flag.
func glyphs(s string) int {
	n := 0
	joined, flagHalf := false, false
	for _, r := range s {
		switch {
		case r == '\u200d':
			joined = true
			continue
		case joined:
			joined = false
			continue
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r),
			r >= 0xfe00 && r <= 0xfe0f, r >= 0x1f3fb && r <= 0x1f3ff, r >= 0xe0020 && r <= 0xe007f:
			continue
		case r >= 0x1f1e6 && r <= 0x1f1ff:
			if flagHalf {
				flagHalf = false
				continue
			}
			flagHalf = true
			n++
			continue
		}
		flagHalf = false
		n++
	}
	return n
}
