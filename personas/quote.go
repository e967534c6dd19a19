package personas

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/agentmgr/agentmgr/internal/escape"
)

// quoteStyle is how a scalar was written: plain, 'single' or "double".
type quoteStyle byte

const (
	stylePlain  quoteStyle = 0
	styleSingle quoteStyle = '\''
	styleDouble quoteStyle = '"'
)

// styleOf reads the style of the scalar whose source starts with raw.
func styleOf(raw []byte) quoteStyle {
	if len(raw) > 0 && (raw[0] == '\'' || raw[0] == '"') {
		return quoteStyle(raw[0])
	}
	return stylePlain
}

// looksTyped matches plain words YAML would read as something other than a string.
var looksTyped = regexp.MustCompile(`^(?i:~|null|true|false|yes|no|y|n|on|off|[-+]?(\.inf|\.nan)|[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?|0x[0-9a-f_]+|0o[0-7_]+|[-+]?\.[0-9_]+([eE][-+]?[0-9]+)?)$`)

// plainSafe reports whether s can be written without quotes and read back as the same string.
func plainSafe(s string, flow bool) bool {
	if s == "" || strings.TrimSpace(s) != s || looksTyped.MatchString(s) {
		return false
	}
	if strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`") {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return false
	}
	if flow && strings.ContainsAny(s, ",[]{}") {
		return false
	}
	for _, r := range s {
		if r == '\t' || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// quoteDouble writes s as a double-quoted YAML scalar, escaping only what must be.
func quoteDouble(s string) string {
	return `"` + escape.Backslash(s, func(r rune) (string, bool) {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 || r == 0xfeff {
			return fmt.Sprintf(`\u%04x`, r), true
		}
		return "", false
	}) + `"`
}

// quoteAs writes s in style when it can be read back as s, else in the nearest style that can:
// plain falls back to double quotes, single quotes too when s has a line break or control
// characters.
func quoteAs(s string, style quoteStyle, flow bool) string {
	switch style {
	case stylePlain:
		if plainSafe(s, flow) {
			return s
		}
	case styleSingle:
		ok := true
		for _, r := range s {
			if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 || r == 0xfeff {
				ok = false
			}
		}
		if ok && strings.TrimSpace(s) == s {
			return "'" + strings.ReplaceAll(s, "'", "''") + "'"
		}
	}
	return quoteDouble(s)
}
