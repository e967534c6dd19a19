package convert

import (
	"strings"
	"unicode"

	"github.com/agentmgr/agentmgr/personas"
)

// slug turns a name from another tool into a valid persona name: lower-case letters, digits,
// - and _, starting with a letter or digit. Nested OpenCode names (team/reviewer) join their
// parts with -.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '_':
			b.WriteRune(r)
			dash = false
		case b.Len() > 0 && !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-_")
	if out == "" || !personas.ValidName(out) {
		return "imported"
	}
	return out
}

// nameFor picks the persona name for a source name and reports a change when it differs.
func nameFor(src string, rep *Report) string {
	n := slug(src)
	if n == src {
		rep.keep("name")
	} else {
		rep.change("name", src, n, "persona names are lower-case letters, digits, - and _")
	}
	return n
}

// firstSentence is the text up to the first full stop followed by a space or the end, or the
// first line, whichever is shorter.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	return strings.TrimSpace(s)
}

// leadingIcon splits a display name such as "🏗️ Architect" into its icon and the rest.
func leadingIcon(s string) (icon, rest string) {
	s = strings.TrimSpace(s)
	for i, r := range s {
		if r < 0x80 || unicode.IsLetter(r) || unicode.IsDigit(r) {
			if i == 0 {
				return "", s
			}
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
		}
	}
	return s, ""
}
