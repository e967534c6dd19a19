package wildcard

import (
	"slices"
	"strings"
)

// homePrefixes are the spellings of the home directory at the start of a pattern or a path
// value; no two start with the same character.
var homePrefixes = [...]string{"~", "$HOME"}

// HomePrefixes returns the spellings of the home directory that a pattern or a path value may
// start with, alone or followed by `/`, and that a given home directory replaces. No two start
// with the same character.
func HomePrefixes() []string { return slices.Clone(homePrefixes[:]) }

// ExpandHome replaces a leading `~` or `$HOME` (alone or followed by `/`) with home, and says
// whether it did; with home "" nothing is replaced.
func ExpandHome(s, home string) (string, bool) {
	if home == "" {
		return s, false
	}
	for _, prefix := range homePrefixes {
		rest, ok := strings.CutPrefix(s, prefix)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		return strings.TrimSuffix(home, "/") + rest, true
	}
	return s, false
}

// NormalizePath reads a path value the way path patterns are read: `\` as `/` and a leading
// `~` or `$HOME` as home (when home is not "").
func NormalizePath(value, home string) string {
	value = strings.ReplaceAll(value, `\`, "/")
	if v, ok := ExpandHome(value, home); ok {
		return v
	}
	return value
}
