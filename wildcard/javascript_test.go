package wildcard

import "testing"

// The JavaScript reading differs from the engine's in `?` (a UTF-16 code unit), in `**`
// before the tail (not a star run where " *" is concerned), in `\` (a `/` in the value too)
// and in home spellings (always literal).
func TestJavaScriptReading(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, value string
		js, engine     bool
	}{
		{"?", "😀", false, true},
		{"??", "😀", true, false},
		{"git **", "git", false, true},
		{"git *", "git", true, true},
		{"a/b", `a\b`, true, false},
		{`a\b`, "a/b", true, true},
		{"~/x", "/home/u/x", false, true},
		{"~/x", "~/x", true, true},
		{"ba?h", "bash", true, true},
		{"a*b", "a\nb", true, true},
	}
	for _, tt := range tests {
		if got := Match(tt.pattern, tt.value, Options{JavaScript: true}); got != tt.js {
			t.Errorf("JavaScript: %q on %q = %v, want %v", tt.pattern, tt.value, got, tt.js)
		}
		if got := Match(tt.pattern, tt.value, Options{Path: true, Home: "/home/u"}); got != tt.engine {
			t.Errorf("engine reading: %q on %q = %v, want %v", tt.pattern, tt.value, got, tt.engine)
		}
	}
}
