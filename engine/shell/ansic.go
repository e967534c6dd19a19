package shell

import (
	"strings"
	"unicode/utf8"
)

// ansiC decodes the body of a $'...' string the way bash does. A NUL byte
// ends the string, as it does in bash.
func ansiC(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			// \cX is control-X; a trailing \c stays as written.
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			} else {
				b.WriteString(`\c`)
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := digits(s[i:], 3, 8)
			i += n - 1
			b.WriteByte(byte(v))
		case 'x', 'u', 'U':
			max := 2
			if e == 'u' {
				max = 4
			} else if e == 'U' {
				max = 8
			}
			v, n := digits(s[i+1:], max, 16)
			if n == 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			i += n
			if e == 'x' {
				b.WriteByte(byte(v))
			} else if v <= utf8.MaxRune {
				b.WriteRune(rune(v))
			} else {
				b.WriteRune(utf8.RuneError)
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	out := b.String()
	if i := strings.IndexByte(out, 0); i >= 0 {
		out = out[:i]
	}
	return out
}

// digits reads up to max digits of the given base from the start of s and
// returns their value and how many were read.
func digits(s string, max int, base uint32) (uint32, int) {
	var v uint32
	n := 0
	for n < max && n < len(s) {
		d, ok := digitValue(s[n])
		if !ok || d >= base {
			break
		}
		v = v*base + d
		n++
	}
	return v, n
}

func digitValue(c byte) (uint32, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint32(c - '0'), true
	case c >= 'a' && c <= 'f':
		return uint32(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return uint32(c-'A') + 10, true
	}
	return 0, false
}
