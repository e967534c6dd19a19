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
