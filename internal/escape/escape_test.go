package escape

import (
	"fmt"
	"testing"
)

func TestBackslash(t *testing.T) {
	t.Parallel()
	hex := func(r rune) (string, bool) {
		if r < 0x20 {
			return fmt.Sprintf(`\x%02x`, r), true
		}
		return "", false
	}
	none := func(rune) (string, bool) { return "", false }
	tests := []struct {
		name, in, want string
		other          func(rune) (string, bool)
	}{
		{"the common escapes", "a\"b\\c\nd\te\rf", `a\"b\\c\nd\te\rf`, none},
		{"other runes as the caller spells them", "a\x01b\x1f", `a\x01b\x1f`, hex},
		{"other runes kept when the caller keeps them", "a\x01é", "a\x01é", none},
		{"the common escapes before the caller's", "\n", `\n`, hex},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Backslash(tt.in, tt.other); got != tt.want {
				t.Errorf("Backslash(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestQuotedLen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, s string
		want    int
	}{
		{"a plain literal", `"abc" tail`, 5},
		{"an empty literal", `"" tail`, 2},
		{"an escaped quote stays inside", `"a\"b" tail`, 6},
		{"an escaped backslash ends before the quote", `"a\\" tail`, 5},
		{"unclosed runs to the end", `"abc`, 4},
		{"a backslash last runs to the end", `"ab\`, 4},
		{"the opening quote alone", `"`, 1},
		{"code after an empty literal", `"";`, 2},
		{"code after an escaped quote", `"a\"b";`, 6},
		{"a longer unclosed literal", `"unterminated`, 13},
	}
	for _, tt := range tests {
		if got := QuotedLen(tt.s); got != tt.want {
			t.Errorf("%s: QuotedLen(%q) = %d, want %d", tt.name, tt.s, got, tt.want)
		}
		if got := QuotedLen([]byte(tt.s)); got != tt.want {
			t.Errorf("%s: QuotedLen([]byte(%q)) = %d, want %d", tt.name, tt.s, got, tt.want)
		}
	}
}
