package pam

import (
	"strings"
	"unicode/utf8"
)

// splitDelims is the AM's raw.split(/^---$/m): the text cut at every line that is exactly
// `---`. JavaScript's multiline ^ and $ also stop at "\r", U+2028 and U+2029, so a CRLF file
// splits like an LF one (each part keeps its "\r\n"), and text before the first `---` is part
// 0, which the AM ignores.
func splitDelims(s string) []string {
	var parts []string
	start := 0
	for i := 0; i+3 <= len(s); {
		if s[i:i+3] == "---" && atLineStart(s, i) && atLineEnd(s, i+3) {
			parts = append(parts, s[start:i])
			start = i + 3
			i += 3
			continue
		}
		i++
	}
	return append(parts, s[start:])
}

func isTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
}

func atLineStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return isTerminator(r)
}

func atLineEnd(s string, i int) bool {
	if i == len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isTerminator(r)
}

// decodeUTF8 is Node's readFile(path, "utf8"): invalid bytes become U+FFFD and a byte order
// mark stays in the text (so a file that starts with one has no `---` on its first line).
func decodeUTF8(data []byte) string {
	if utf8.Valid(data) {
		return string(data)
	}
	var b strings.Builder
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.Write(data[:n])
		}
		data = data[n:]
	}
	return b.String()
}

// linesBefore counts the line breaks in s, for turning offsets into line numbers.
func linesBefore(s string) int {
	return strings.Count(s, "\n")
}

// jsTrim is String.prototype.trim: white space and line terminators, the BOM included.
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
			return true
		}
		return r >= '\u2000' && r <= '\u200a'
	})
}
