// Package wildcard is agentmgr's one `*`/`?` language (docs/rules.md): anchored at both ends,
// case-sensitive, `*` any run of characters (slashes, spaces and newlines included), `?`
// exactly one character, everything else literal, and a pattern ending in " *" also matches
// without that tail. It offers matching (Compile), the plain wildcards a pattern stands for
// (Alternatives), whether two wildcards share a value (Meet) and the automaton the previews
// walk to enumerate value classes (Automaton). What differs between its users is an option:
// path semantics (`\` as `/`), home expansion (a given home directory for a leading `~` or
// `$HOME`), and the JavaScript reading of pi-agent-manager.
//
// The package reads no environment: the home directory is the caller's to give.
package wildcard

import (
	"slices"
	"strings"
)

// Options says how a pattern is read.
type Options struct {
	// Path reads `\` as `/`, for path-valued permissions.
	Path bool
	// Home is the directory a leading `~` or `$HOME` (alone or before `/`) stands for; ""
	// leaves them literal.
	Home string
	// JavaScript reads the pattern as pi-agent-manager's wildcardMatch does on Linux (a
	// JavaScript regular expression without the u flag): `\` is `/` in the pattern and in the
	// value, `?` is one UTF-16 code unit, `**` is not `*` where the " *" tail is concerned, and
	// nothing is expanded (Path and Home are ignored).
	JavaScript bool
}

// Pattern is a compiled wildcard.
type Pattern struct {
	src  string
	main matcher
	tail matcher  // the pattern without its trailing " *", or nil
	raw  *Pattern // the pattern before home expansion, or nil when nothing was expanded
	js   bool     // values are read with `\` as `/` too
}

// Compile compiles a wildcard pattern. It never fails: every character that is not a wildcard
// here is escaped before gobwas/glob sees it.
func Compile(src string, opts Options) *Pattern {
	if opts.JavaScript {
		return compileJavaScript(src)
	}
	written, expanded, ok := opts.spellings(src)
	if !ok {
		return compileGlobs(src, written)
	}
	p := compileGlobs(src, expanded)
	p.raw = compileGlobs(src, written)
	return p
}

// Match reports whether value matches pattern read with opts; a convenience for one-off
// checks. Hot paths compile once.
func Match(pattern, value string, opts Options) bool { return Compile(pattern, opts).Match(value) }

// String returns the pattern as written.
func (p *Pattern) String() string { return p.src }

// Match reports whether value matches the whole pattern.
func (p *Pattern) Match(value string) bool {
	if p.js {
		value = strings.ReplaceAll(value, `\`, "/")
	}
	if p.main.Match(value) || (p.tail != nil && p.tail.Match(value)) {
		return true
	}
	// What the user wrote literally (`~/x`) still matches the same literal value.
	return p.raw != nil && p.raw.Match(value)
}

// spellings reads src as Compile does: runs of `*` collapsed, `\` as `/` for paths, and the
// same with a leading `~` or `$HOME` expanded when ok.
func (opts Options) spellings(src string) (written, expanded string, ok bool) {
	written = CollapseStars(src)
	if opts.Path {
		written = strings.ReplaceAll(written, `\`, "/")
	}
	expanded, ok = ExpandHome(written, opts.Home)
	return written, expanded, ok
}

// CutTail returns s without its optional " *" tail, and whether it had one.
func CutTail(s string) (string, bool) { return strings.CutSuffix(s, " *") }

func compileGlobs(src, s string) *Pattern {
	p := &Pattern{src: src, main: mustGlob(s)}
	if t, ok := CutTail(s); ok {
		p.tail = mustGlob(t)
	}
	return p
}

// Alternatives returns the plain wildcards whose union is what Compile(src, opts) matches, for
// tools that reason about the values a rule matches (the app's previews) without a copy of
// these rules. In each, `*` (one per run) and `?` are the only wildcards and every other
// character is literal; they are: the pattern as written (`\` read as `/` for paths), the same
// without its optional " *" tail, and, when a leading `~` or `$HOME` was expanded, both again
// with the home directory. No two are equal. The JavaScript reading has no alternatives of
// this kind (its `?` is not one character) and is not accepted.
func Alternatives(src string, opts Options) []string {
	written, expanded, ok := opts.spellings(src)
	out := withTail(nil, written)
	if ok {
		out = withTail(out, expanded)
	}
	return out
}

// KeyAlternatives is Alternatives for a rule's permission: a wildcard like any pattern,
// optional " *" tail included, but with no home expansion, since keys are names, not paths.
func KeyAlternatives(permission string) []string {
	return withTail(nil, CollapseStars(permission))
}

// IsCatchAll reports whether a value pattern matches every value (`*`, `**`, ...).
func IsCatchAll(pattern string) bool { return CollapseStars(pattern) == "*" }

// withTail appends s and s without its optional " *" tail to out, leaving out duplicates.
func withTail(out []string, s string) []string {
	out = appendNew(out, s)
	if t, ok := CutTail(s); ok {
		out = appendNew(out, t)
	}
	return out
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// CollapseStars turns every run of `*` into one, since `**` means `*`.
func CollapseStars(s string) string {
	if !strings.Contains(s, "**") {
		return s
	}
	var b strings.Builder
	prev := false
	for _, r := range s {
		if r == '*' && prev {
			continue
		}
		prev = r == '*'
		b.WriteRune(r)
	}
	return b.String()
}
