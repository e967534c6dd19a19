package engine

import "github.com/agentmgr/agentmgr/wildcard"

// Pattern is a compiled wildcard (docs/rules.md); the language is package wildcard's.
type Pattern = wildcard.Pattern

// PatternOptions says how a pattern is read.
type PatternOptions struct {
	// Path reads `\` as `/`, for path-valued permissions.
	Path bool
	// Home replaces a leading `~` or `$HOME`; empty leaves them literal. The engine never
	// reads the environment: the home directory comes from the caller (locations.Home).
	Home string
}

// wildcard is the options of package wildcard for opts.
func (opts PatternOptions) wildcard() wildcard.Options {
	return wildcard.Options{Path: opts.Path, Home: opts.Home}
}

// CompilePattern compiles a wildcard pattern. It never fails.
func CompilePattern(src string, opts PatternOptions) *Pattern {
	return wildcard.Compile(src, opts.wildcard())
}

// Alternatives returns the plain wildcards whose union is what CompilePattern(src, opts)
// matches (see wildcard.Alternatives).
func Alternatives(src string, opts PatternOptions) []string {
	return wildcard.Alternatives(src, opts.wildcard())
}

// KeyAlternatives is Alternatives for a rule's permission: no home expansion, since keys are
// names, not paths.
func KeyAlternatives(permission string) []string { return wildcard.KeyAlternatives(permission) }

// IsCatchAll reports whether a value pattern matches every value (`*`, `**`, ...).
func IsCatchAll(pattern string) bool { return wildcard.IsCatchAll(pattern) }

// Match reports whether value matches the wildcard pattern, `~` and `$HOME` read literally; a
// convenience for one-off checks of names. Hot paths compile once with CompilePattern.
func Match(pattern, value string) bool {
	return CompilePattern(pattern, PatternOptions{}).Match(value)
}

// HomePrefixes returns the spellings of the home directory that a pattern or a path value may
// start with, alone or followed by `/`, and that the engine replaces with the home directory.
// No two start with the same character.
func HomePrefixes() []string { return wildcard.HomePrefixes() }

// NormalizePath reads a path value the way path patterns are read: `\` as `/` and a leading
// `~` or `$HOME` as home (left as written when home is empty).
func NormalizePath(value, home string) string {
	return wildcard.NormalizePath(value, home)
}
