package engine

import (
	"os"
	"slices"
	"strings"

	"github.com/gobwas/glob"
)

// matcher is what a compiled pattern piece needs: gobwas/glob's Pattern or a plain fallback.
type matcher interface{ Match(string) bool }

// Pattern is a compiled wildcard (docs/rules.md): anchored at both ends, case-sensitive,
// `*` matches any run of characters (slashes, spaces and newlines included), `?` exactly one
// character, everything else literal. A pattern ending in " *" also matches without that tail.
type Pattern struct {
	src  string
	main matcher
	tail matcher  // the pattern without its trailing " *", or nil
	raw  *Pattern // the pattern before home expansion, or nil when nothing was expanded
}

// PatternOptions says how a pattern is read.
type PatternOptions struct {
	// Path reads `\` as `/`, for path-valued permissions.
	Path bool
	// Home replaces a leading `~` or `$HOME`; empty means the current user's home directory.
	Home string
}

// CompilePattern compiles a wildcard pattern. It never fails: every character that is not a
// wildcard for us is escaped before gobwas/glob sees it.
func CompilePattern(src string, opts PatternOptions) *Pattern {
	written, expanded, ok := opts.spellings(src)
	p := &Pattern{src: src}
	s := written
	if ok {
		p.raw = compileGlobs(src, written)
		s = expanded
	}
	q := compileGlobs(src, s)
	p.main, p.tail = q.main, q.tail
	return p
}

// spellings reads src as CompilePattern does: runs of `*` collapsed, `\` as `/` for paths, and
// the same with a leading `~` or `$HOME` expanded when ok.
func (opts PatternOptions) spellings(src string) (written, expanded string, ok bool) {
	written = collapseStars(src)
	if opts.Path {
		written = strings.ReplaceAll(written, `\`, "/")
	}
	expanded, ok = expandHome(written, opts.Home)
	return written, expanded, ok
}

// cutTail returns s without its optional " *" tail, and whether it had one.
func cutTail(s string) (string, bool) { return strings.CutSuffix(s, " *") }

func compileGlobs(src, s string) *Pattern {
	p := &Pattern{src: src, main: mustGlob(s)}
	if t, ok := cutTail(s); ok {
		p.tail = mustGlob(t)
	}
	return p
}

// Alternatives returns the plain wildcards whose union is what CompilePattern(src, opts)
// matches, for tools that reason about the values a rule matches (the app's previews) without
// a copy of these rules. In each, `*` (one per run) and `?` are the only wildcards and every
// other character is literal; they are: the pattern as written (`\` read as `/` for paths),
// the same without its optional " *" tail, and, when a leading `~` or `$HOME` was expanded,
// both again with the home directory. No two are equal.
func Alternatives(src string, opts PatternOptions) []string {
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
	return withTail(nil, collapseStars(permission))
}

// IsCatchAll reports whether a value pattern matches every value (`*`, `**`, ...).
func IsCatchAll(pattern string) bool { return collapseStars(pattern) == "*" }

// withTail appends s and s without its optional " *" tail to out, leaving out duplicates.
func withTail(out []string, s string) []string {
	out = appendNew(out, s)
	if t, ok := cutTail(s); ok {
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

// String returns the pattern as written.
func (p *Pattern) String() string { return p.src }

// Match reports whether value matches the whole pattern.
func (p *Pattern) Match(value string) bool {
	if p.main.Match(value) || (p.tail != nil && p.tail.Match(value)) {
		return true
	}
	// What the user wrote literally (`~/x`) still matches the same literal value.
	return p.raw != nil && p.raw.Match(value)
}

// Match reports whether value matches the wildcard pattern; a convenience for one-off checks.
// Hot paths compile once with CompilePattern.
func Match(pattern, value string) bool {
	return CompilePattern(pattern, PatternOptions{}).Match(value)
}

// collapseStars turns every run of `*` into one, since `**` means `*`.
func collapseStars(s string) string {
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

// HomeDir is the home directory used for `~` and `$HOME` when none is given.
func HomeDir() string {
	if h := os.Getenv("HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// homePrefixes are the spellings of the home directory at the start of a pattern or a path
// value; no two start with the same character.
var homePrefixes = [...]string{"~", "$HOME"}

// HomePrefixes returns the spellings of the home directory that a pattern or a path value may
// start with, alone or followed by `/`, and that the engine replaces with the home directory.
// No two start with the same character.
func HomePrefixes() []string { return slices.Clone(homePrefixes[:]) }

// expandHome replaces a leading `~` or `$HOME` (alone or followed by `/`) with the home directory.
func expandHome(s, home string) (string, bool) {
	for _, prefix := range homePrefixes {
		rest, ok := strings.CutPrefix(s, prefix)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		if home == "" {
			home = HomeDir()
		}
		if home == "" {
			return s, false
		}
		return strings.TrimSuffix(home, "/") + rest, true
	}
	return s, false
}

// NormalizePath reads a path value the way path patterns are read: `\` as `/` and a leading
// `~` or `$HOME` as the home directory.
func NormalizePath(value, home string) string {
	value = strings.ReplaceAll(value, `\`, "/")
	if v, ok := expandHome(value, home); ok {
		return v
	}
	return value
}

// mustGlob compiles s with only `*` and `?` as wildcards.
func mustGlob(s string) matcher {
	if !strings.ContainsAny(s, "*?") {
		return literalGlob(s)
	}
	if strings.ContainsRune(s, 0) {
		// gobwas/glob's lexer reads NUL as end of input; see the fuzz seeds.
		return starGlob(s)
	}
	return escapedGlob(s)
}

func escapedGlob(s string) matcher {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '[', ']', '{', '}', '\\', ',', '!':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	g, err := glob.Compile(b.String())
	if err != nil {
		// Cannot happen with every meta character escaped; the plain matcher is exact too.
		return starGlob(s)
	}
	return g
}

// literalGlob matches exactly; most rule patterns have no wildcard at all.
type literalGlob string

func (l literalGlob) Match(s string) bool { return string(l) == s }

// starGlob is a plain wildcard matcher (`*` and `?` only) for the inputs gobwas/glob mishandles.
type starGlob string

// Match uses the classic greedy scan with one backtrack point: linear in practice, and never
// exponential, since a later star supersedes the earlier one.
func (g starGlob) Match(str string) bool {
	p, s := []rune(string(g)), []rune(str)
	pi, si, star, mark := 0, 0, -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(p) && (p[pi] == '?' || p[pi] == s[si]):
			pi++
			si++
		case star >= 0:
			mark++
			pi, si = star+1, mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
