package keybindings

import (
	"fmt"
	"strings"
)

// nearMods are the modifier sets tried, in order, to move a key to a free
// combo that keeps the same key: ctrl+shift first, since it is what pi
// itself uses for variants (ctrl+shift+f, ctrl+shift+up).
var nearMods = []Modifier{Ctrl | Shift, Ctrl | Alt, Alt, Shift | Alt, Ctrl, Ctrl | Shift | Alt}

// mnemonicMods are tried with an action's mnemonic letter.
var mnemonicMods = []Modifier{Ctrl | Shift, Alt, Ctrl | Alt}

// avoided are combos never suggested although pi leaves them free: legacy
// terminals send the same bytes as another key (ctrl+i is tab, ctrl+m is
// enter, ctrl+[ is escape, ctrl+h is backspace), terminals keep them for
// copy and paste, or desktops take them before the terminal sees them.
var avoided = func() map[Combo]bool {
	m := map[Combo]bool{}
	for _, s := range []string{
		"ctrl+i", "ctrl+m", "ctrl+[", "ctrl+h", "ctrl+j",
		"ctrl+shift+c", "ctrl+shift+v",
		"alt+tab", "shift+alt+tab", "ctrl+alt+tab",
		"ctrl+alt+delete", "ctrl+alt+backspace", "ctrl+alt+t", "ctrl+alt+l",
		"ctrl+alt+left", "ctrl+alt+right", "ctrl+alt+up", "ctrl+alt+down",
	} {
		m[MustParseCombo(s)] = true
	}
	for i := 1; i <= 12; i++ {
		m[Combo{mods: Ctrl | Alt, key: fmt.Sprintf("f%d", i)}] = true
	}
	return m
}()

// fallbackKeys are tried when nothing near the original key is free.
var fallbackKeys = func() []string {
	var keys []string
	for c := 'a'; c <= 'z'; c++ {
		keys = append(keys, string(c))
	}
	for c := '0'; c <= '9'; c++ {
		keys = append(keys, string(c))
	}
	for i := 1; i <= 12; i++ {
		keys = append(keys, fmt.Sprintf("f%d", i))
	}
	return keys
}()

// suggester finds free combos. A combo it proposes once is not proposed
// again, so that two fixes of one report never collide with each other.
type suggester struct {
	taken    map[Combo]bool
	proposed map[Combo]bool
}

func newSuggester(c *checker) *suggester {
	s := &suggester{taken: map[Combo]bool{}, proposed: map[Combo]bool{}}
	for _, o := range c.builtins {
		s.taken[o.combo] = true
	}
	for _, o := range c.others {
		s.taken[o.combo] = true
	}
	for _, k := range c.app {
		s.taken[k.Combo] = true
	}
	for _, st := range c.report.Actions {
		for _, k := range st.Keys {
			if k.Status != StatusInvalid {
				s.taken[k.Combo] = true
			}
		}
	}
	return s
}

// usable reports whether c may be suggested: free, not avoided, and not a
// key that types a character.
func (s *suggester) usable(c Combo) bool {
	if s.taken[c] || s.proposed[c] || avoided[c] {
		return false
	}
	if c.mods == 0 || (c.mods == Shift && isPrintable(c.key)) {
		return false
	}
	return true
}

// find returns the first usable combo among the candidates: the same key
// with other modifiers, the mnemonic letter with common modifiers (first
// when mnemonicFirst), then any letter, digit or function key.
func (s *suggester) find(near Combo, mnemonic string, mnemonicFirst bool) (Combo, bool) {
	var cands []Combo
	sameKey := func() {
		for _, m := range nearMods {
			if m != near.mods {
				cands = append(cands, Combo{mods: m, key: near.key})
			}
		}
	}
	byMnemonic := func() {
		if mnemonic != "" {
			for _, m := range mnemonicMods {
				cands = append(cands, Combo{mods: m, key: mnemonic})
			}
		}
	}
	if mnemonicFirst {
		byMnemonic()
		sameKey()
	} else {
		sameKey()
		byMnemonic()
	}
	for _, k := range fallbackKeys {
		for _, m := range nearMods {
			cands = append(cands, Combo{mods: m, key: k})
		}
	}
	for _, c := range cands {
		if s.usable(c) {
			s.proposed[c] = true
			return c, true
		}
	}
	return Combo{}, false
}

// mnemonicOf returns the letter a built-in's id suggests: the first letter
// of its feature for app ids (app.thinking.cycle: t), of its verb for tui
// ids (tui.input.copy: c).
func mnemonicOf(id string) string {
	parts := strings.Split(id, ".")
	word := parts[len(parts)-1]
	if parts[0] == "app" && len(parts) > 2 {
		word = parts[1]
	}
	if word == "" {
		return ""
	}
	c := strings.ToLower(word[:1])
	if c < "a" || c > "z" {
		return ""
	}
	return c
}

// fixes suggests how to resolve a conflict of an action's key: move the
// action to a free combo, or, when exactly one built-in holds the key,
// move that built-in (holders are the owners to consider; nil when the
// conflict is not with pi).
func (c *checker) fixes(st *ActionStatus, combo Combo, holders []owner) []Fix {
	var out []Fix
	a, _ := LookupAction(st.ID)
	if nc, ok := c.sugg.find(combo, a.mnemonic, false); ok {
		var current []Combo
		for _, k := range st.Keys {
			if k.Status != StatusInvalid {
				current = append(current, k.Combo)
			}
		}
		keys := replaceCombo(current, combo, nc)
		msg := fmt.Sprintf("bind %s to %s", st.ID, nc)
		if len(keys) > 1 {
			msg += " instead of " + combo.String()
		}
		out = append(out, Fix{ID: st.ID, Keys: keys, Message: msg})
	}
	if len(holders) == 0 || len(c.holdersOf(combo)) != 1 {
		return out
	}
	id := holders[0].id
	if nc, ok := c.sugg.find(combo, mnemonicOf(id), true); ok {
		keys := replaceCombo(c.keysOf[id], combo, nc)
		msg := fmt.Sprintf("rebind %s to %s (frees %s)", id, nc, combo)
		if len(keys) > 1 {
			msg = fmt.Sprintf("rebind %s from %s to %s, keeping %s (frees %s)", id, combo, nc, comboList(without(keys, nc)), combo)
		}
		out = append(out, Fix{ID: id, Keys: keys, Frees: combo, Message: msg})
	}
	return out
}

// holdersOf returns the distinct built-in ids that hold combo.
func (c *checker) holdersOf(combo Combo) []string {
	var out []string
	for _, o := range c.builtins {
		if o.combo == combo && (len(out) == 0 || out[len(out)-1] != o.id) {
			out = append(out, o.id)
		}
	}
	return out
}

// replaceCombo returns keys with every old replaced by repl, in a new
// slice.
func replaceCombo(keys []Combo, old, repl Combo) []Combo {
	out := make([]Combo, len(keys))
	for i, k := range keys {
		if k == old {
			k = repl
		}
		out[i] = k
	}
	return out
}

func without(keys []Combo, drop Combo) []Combo {
	var out []Combo
	for _, k := range keys {
		if k != drop {
			out = append(out, k)
		}
	}
	return out
}
