// Package escape writes strings with backslash escapes, the way C-like languages (Go, JSON,
// YAML's double quotes, Starlark) spell a string literal, and finds where such a literal ends. They agree on the quote, the
// backslash and the three common control characters, and differ only in how they spell the
// other characters that may not stand as themselves, which each caller says.
package escape

import "strings"

// Backslash returns s with '"', '\\', newline, tab and carriage return escaped as \" \\ \n
// \t \r, and every other rune for which other returns ok written as other's spelling. The
// quotes around the literal are the caller's.
func Backslash(s string, other func(r rune) (spelling string, ok bool)) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if e, ok := other(r); ok {
				b.WriteString(e)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// QuotedLen is the length of the double-quoted literal that opens s (s[0] is its quote), up
// to and with its closing quote, a backslash escaping the byte after it, as every language
// Backslash writes for reads one back. An unclosed literal runs to the end of s.
func QuotedLen[S ~string | ~[]byte](s S) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}
