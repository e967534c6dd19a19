package preview

import (
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// valueGlobs returns the plain wildcards whose union is what engine.CompilePattern makes of a
// rule's value pattern (docs/rules.md): the pattern, the pattern without an optional " *"
// tail, and, when a leading `~` or `$HOME` was expanded, both again as written. For path keys
// `\` reads as `/`. The engine is the judge of every decision; these globs only tell which
// values a rule can tell apart, and the tests hold them to engine.Match.
func valueGlobs(pattern string, path bool, home string) []string {
	s := collapseStars(pattern)
	if path {
		s = strings.ReplaceAll(s, `\`, "/")
	}
	var out []string
	add := func(s string) {
		out = appendNew(out, s)
		if t, ok := strings.CutSuffix(s, " *"); ok {
			out = appendNew(out, t)
		}
	}
	if expanded, ok := expandHome(s, home); ok {
		add(s)
		s = expanded
	}
	add(s)
	return out
}

// keyPattern is the engine's matcher for a rule's permission: a wildcard with the optional
// " *" tail, and no home expansion, since keys are names.
type keyPattern struct {
	main glob
	tail *glob
}

func newKeyPattern(permission string) keyPattern {
	s := collapseStars(permission)
	k := keyPattern{main: newGlob(s)}
	if t, ok := strings.CutSuffix(s, " *"); ok {
		g := newGlob(t)
		k.tail = &g
	}
	return k
}

func (k keyPattern) match(key string) bool {
	return k.main.match(key) || (k.tail != nil && k.tail.match(key))
}

// collapseStars turns every run of `*` into one, since `**` means `*`.
func collapseStars(s string) string {
	for strings.Contains(s, "**") {
		s = strings.ReplaceAll(s, "**", "*")
	}
	return s
}

// expandHome replaces a leading `~` or `$HOME` (alone or followed by `/`), as the engine does.
func expandHome(s, home string) (string, bool) {
	for _, prefix := range homePrefixes {
		rest, ok := strings.CutPrefix(s, prefix)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		if home == "" {
			return s, false
		}
		return strings.TrimSuffix(home, "/") + rest, true
	}
	return s, false
}

// homePrefixes are the spellings of the home directory at the start of a pattern or a path.
var homePrefixes = []string{"~", "$HOME"}

// resolveHome is the home directory previews compile with: the given one, else the user's.
func resolveHome(home string) string {
	if home == "" {
		return engine.HomeDir()
	}
	return home
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
