package pam

import (
	"strings"
	"unicode/utf16"
)

// Match is the AM's wildcardMatch(str, pattern) on Linux: `\` reads as `/` in both, `*` is any
// run, `?` is exactly one UTF-16 code unit (JavaScript regular expressions without the u flag),
// everything else is literal and case-sensitive, and a pattern ending in " *" also matches
// without that tail. It differs from agentmgr's engine in that `?` counts code units and `~`
// means nothing.
func Match(str, pattern string) bool {
	s := utf16.Encode([]rune(strings.ReplaceAll(str, `\`, "/")))
	p := utf16.Encode([]rune(strings.ReplaceAll(pattern, `\`, "/")))
	if n := len(p); n >= 2 && p[n-2] == ' ' && p[n-1] == '*' {
		// "x *" became /^x( .*)?$/: x alone, or x followed by a space and anything.
		if match16(s, p[:n-2]) {
			return true
		}
	}
	return match16(s, p)
}

// match16 matches a pattern of literals, '*' and '?' against s, anchored at both ends. The
// classic greedy scan with one backtrack point is exact for these two wildcards.
func match16(s, p []uint16) bool {
	si, pi := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(p) && (p[pi] == '?' || p[pi] == s[si]):
			si++
			pi++
		case star >= 0:
			pi = star + 1
			mark++
			si = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
