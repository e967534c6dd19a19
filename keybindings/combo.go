package keybindings

import (
	"fmt"
	"strings"
	"unicode"
)

// Modifier is a set of modifier keys; combine them with |.
type Modifier uint8

// The modifiers pi knows. Their declaration order is the canonical order in
// which Combo.String prints them: ctrl+shift+alt+super.
const (
	Ctrl Modifier = 1 << iota
	Shift
	Alt
	Super
)

// modifierOrder lists every modifier once, in canonical order.
var modifierOrder = [...]struct {
	mod  Modifier
	name string
}{{Ctrl, "ctrl"}, {Shift, "shift"}, {Alt, "alt"}, {Super, "super"}}

// String returns the modifiers in canonical order joined by "+", or "" for
// the empty set.
func (m Modifier) String() string {
	var b strings.Builder
	for _, o := range modifierOrder {
		if m&o.mod != 0 {
			if b.Len() > 0 {
				b.WriteByte('+')
			}
			b.WriteString(o.name)
		}
	}
	return b.String()
}

// modifierByName maps a lower-cased modifier name to its bit.
func modifierByName(name string) (Modifier, bool) {
	for _, o := range modifierOrder {
		if o.name == name {
			return o.mod, true
		}
	}
	return 0, false
}

// modifierHints names the pi modifier meant by spellings other tools use.
var modifierHints = map[string]string{
	"control": "ctrl", "ctl": "ctrl",
	"option": "alt", "opt": "alt", "meta": "alt (or super)",
	"cmd": "super", "command": "super", "win": "super", "windows": "super",
}

// keyHints names the pi key meant by spellings other tools use.
var keyHints = map[string]string{
	"del": "delete", "ins": "insert", "bs": "backspace", "ret": "enter",
	"pgup": "pageUp", "pgdn": "pageDown", "pagedn": "pageDown",
	"arrowup": "up", "arrowdown": "down", "arrowleft": "left", "arrowright": "right",
	"plus": "+", "minus": "-", "spacebar": "space", "cr": "enter",
}

// Combo is one key press: a set of modifiers and one key. The zero Combo
// is "no key". Combos are comparable with == and Equal: two spellings of
// the same key press ("shift+ctrl+p", "Ctrl+Shift+P") parse to equal combos.
type Combo struct {
	mods Modifier
	key  string
}

// NewCombo builds a combo from a modifier set and a key name in any case
// (aliases such as "esc" are accepted), validating the key as ParseCombo
// does. It is what a key-capture widget calls.
func NewCombo(mods Modifier, key string) (Combo, error) {
	if mods&^(Ctrl|Shift|Alt|Super) != 0 {
		return Combo{}, &ComboError{Input: key, Reason: fmt.Sprintf("unknown modifier bits %#x", uint8(mods))}
	}
	name, ok := canonicalKey(key)
	if !ok {
		return Combo{}, &ComboError{Input: key, Reason: unknownKeyReason(key)}
	}
	return Combo{mods: mods, key: name}, nil
}

// MustParseCombo is ParseCombo for combos written in code; it panics on an
// invalid combo.
func MustParseCombo(s string) Combo {
	c, err := ParseCombo(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Modifiers returns the combo's modifier set.
func (c Combo) Modifiers() Modifier { return c.mods }

// Key returns the canonical key name, e.g. "p", "escape", "pageUp", "+".
func (c Combo) Key() string { return c.key }

// Has reports whether every modifier in m is part of the combo.
func (c Combo) Has(m Modifier) bool { return c.mods&m == m }

// IsZero reports whether c is the zero Combo (no key).
func (c Combo) IsZero() bool { return c.key == "" }

// Equal reports whether c and o are the same key press.
func (c Combo) Equal(o Combo) bool { return c == o }

// String returns the canonical spelling: lower case except pageUp and
// pageDown, modifiers in the order ctrl, shift, alt, super, then the key
// ("ctrl+shift+p", "alt+pageUp", "ctrl++"). ParseCombo(c.String()) == c.
func (c Combo) String() string {
	if c.mods == 0 {
		return c.key
	}
	return c.mods.String() + "+" + c.key
}

// MarshalText writes the canonical spelling, so combos print as strings in
// JSON.
func (c Combo) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText parses a combo with ParseCombo.
func (c *Combo) UnmarshalText(b []byte) error {
	parsed, err := ParseCombo(string(b))
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}

// ComboError says why a string is not a key combo pi accepts.
type ComboError struct {
	Input  string // the string as written
	Reason string // why pi would drop it, and what to write instead
}

func (e *ComboError) Error() string {
	return fmt.Sprintf("invalid key %q: %s", e.Input, e.Reason)
}

// ParseCombo parses a key combo in pi's grammar: zero or more distinct
// modifiers (ctrl, shift, alt, super) then one key, joined by "+". Case is
// ignored, aliases are canonicalised (esc is escape, return is enter) and
// modifiers may come in any order. The plus key itself is written "+" or,
// with modifiers, "ctrl++".
func ParseCombo(s string) (Combo, error) {
	fail := func(format string, args ...any) (Combo, error) {
		return Combo{}, &ComboError{Input: s, Reason: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return fail("it is empty; write a key such as ctrl+k")
	}
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return fail("it contains whitespace; write combos without spaces, and the space bar as space")
	}
	var mods []string
	var key string
	switch {
	case s == "+":
		key = "+"
	case strings.HasSuffix(s, "++"):
		// The key is the plus sign; what precedes "++" is the modifier list.
		key = "+"
		mods = strings.Split(s[:len(s)-2], "+")
	default:
		parts := strings.Split(s, "+")
		key = parts[len(parts)-1]
		mods = parts[:len(parts)-1]
	}
	var set Modifier
	for _, part := range mods {
		lower := strings.ToLower(part)
		if lower == "" {
			return fail(`it has an empty part between two "+"; write modifiers then one key, e.g. ctrl+shift+k`)
		}
		m, ok := modifierByName(lower)
		if !ok {
			if _, isKey := canonicalKey(lower); isKey {
				return fail("%q is a key, not a modifier; a combo is modifiers (ctrl, shift, alt, super) and then exactly one key", part)
			}
			if hint, ok := modifierHints[lower]; ok {
				return fail("unknown modifier %q; pi calls it %s", part, hint)
			}
			return fail("unknown modifier %q; expected ctrl, shift, alt or super", part)
		}
		if set&m != 0 {
			return fail("modifier %s appears twice; each modifier may appear once", lower)
		}
		set |= m
	}
	if key == "" {
		return fail(`nothing follows the last "+"; add a key, e.g. %sk (the plus key itself is written %s+)`, s, s)
	}
	if _, isMod := modifierByName(strings.ToLower(key)); isMod {
		return fail("it has modifiers but no key; add one, e.g. %s+k", s)
	}
	name, ok := canonicalKey(key)
	if !ok {
		return fail("%s", unknownKeyReason(key))
	}
	return Combo{mods: set, key: name}, nil
}

// unknownKeyReason explains why key is not a key pi knows, with the pi
// spelling when the user wrote another tool's.
func unknownKeyReason(key string) string {
	lower := strings.ToLower(key)
	if hint, ok := keyHints[lower]; ok {
		return fmt.Sprintf("unknown key %q; pi calls it %s", key, hint)
	}
	if len(lower) > 1 && lower[0] == 'f' && strings.Trim(lower[1:], "0123456789") == "" {
		return fmt.Sprintf("unknown key %q; pi 1.6 knows the function keys f1 to f12", key)
	}
	if len([]rune(key)) == 1 {
		return fmt.Sprintf("unknown key %q; pi knows letters a-z, digits 0-9 and the symbols %s", key, symbolKeys)
	}
	return fmt.Sprintf("unknown key %q; expected a letter, a digit, a symbol, f1-f12, or one of escape, enter, tab, space, backspace, delete, insert, clear, home, end, pageUp, pageDown, up, down, left, right", key)
}
