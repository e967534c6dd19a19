package wildcard

import (
	"strings"
	"unicode/utf16"

	"github.com/gobwas/glob"
)

// matcher is what a compiled pattern piece needs: gobwas/glob's Pattern or a plain fallback.
type matcher interface{ Match(string) bool }

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

// starGlob is a plain wildcard matcher (`*` and `?` only, `?` one rune) for the inputs
// gobwas/glob mishandles.
type starGlob string

func (g starGlob) Match(s string) bool { return scan([]rune(string(g)), []rune(s)) }

// unitGlob is the plain matcher with `?` as one UTF-16 code unit, as JavaScript reads it.
type unitGlob []uint16

func (g unitGlob) Match(s string) bool { return scan([]uint16(g), utf16.Encode([]rune(s))) }

// scan matches pattern p ('*' any run, '?' one element, anything else itself) against s,
// anchored at both ends, by the classic greedy scan with one backtrack point: exact for these
// two wildcards, linear in practice and never exponential, since a later star supersedes the
// earlier one. Elements are runes or, for JavaScript, UTF-16 code units.
func scan[E rune | uint16](p, s []E) bool {
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

// compileJavaScript compiles src as Options.JavaScript says: "x *" became /^x( .*)?$/ there,
// x alone or x, a space and anything, so the tail is cut from the pattern as written.
func compileJavaScript(src string) *Pattern {
	s := strings.ReplaceAll(src, `\`, "/")
	p := &Pattern{src: src, js: true, main: unitGlob(utf16.Encode([]rune(s)))}
	if t, ok := CutTail(s); ok {
		p.tail = unitGlob(utf16.Encode([]rune(t)))
	}
	return p
}
