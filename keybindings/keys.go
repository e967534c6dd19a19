package keybindings

import "strings"

// keyNames maps every spelling pi 1.6 accepts for a key, lower-cased, to
// its canonical name. Aliases (esc, return) map to the name pi itself uses
// in its tables, so that "esc" and "escape" compare equal.
var keyNames = buildKeyNames()

// symbolKeys are the punctuation keys of pi 1.6's published grammar.
const symbolKeys = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?"

func buildKeyNames() map[string]string {
	m := make(map[string]string, 100)
	for c := 'a'; c <= 'z'; c++ {
		m[string(c)] = string(c)
	}
	for c := '0'; c <= '9'; c++ {
		m[string(c)] = string(c)
	}
	for _, c := range symbolKeys {
		m[string(c)] = string(c)
	}
	for _, name := range []string{
		"escape", "enter", "tab", "space", "backspace", "delete", "insert",
		"clear", "home", "end", "pageUp", "pageDown", "up", "down", "left", "right",
		"f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12",
	} {
		m[strings.ToLower(name)] = name
	}
	m["esc"] = "escape"
	m["return"] = "enter"
	return m
}

// canonicalKey returns the canonical name of a key spelled in any case, and
// whether pi knows the key at all.
func canonicalKey(s string) (string, bool) {
	name, ok := keyNames[strings.ToLower(s)]
	return name, ok
}

// isPrintable reports whether the key types a character when pressed with
// no modifier or with shift alone: binding such a combo would stop the user
// from typing that character, so suggestions never propose one.
func isPrintable(key string) bool {
	return len(key) == 1 || key == "space"
}
