package wildcard

import (
	"testing"
	"unicode/utf8"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pattern, value string
		want                 bool
	}{
		{"exact", "ls", "ls", true},
		{"anchored start", "ls", "xls", false},
		{"anchored end", "ls", "lsx", false},
		{"case sensitive", "LS", "ls", false},
		{"star matches empty", "a*", "a", true},
		{"star matches slashes", "src/*", "src/a/b/c.go", true},
		{"star matches spaces", "echo *", "echo a b  c", true},
		{"star matches newlines", "echo *", "echo a\nrm -rf /", true},
		{"double star is star", "a**b", "a/x/y b", true},
		{"star alone matches empty", "*", "", true},
		{"question one char", "a?c", "abc", true},
		{"question not zero", "a?c", "ac", false},
		{"question not two", "a?c", "abbc", false},
		{"question on multibyte", "caf?", "café", true},
		{"question on emoji", "?", "🙂", true},
		{"bracket literal", "a[bc]", "a[bc]", true},
		{"bracket not class", "a[bc]", "ab", false},
		{"brace literal", "{a,b}", "{a,b}", true},
		{"brace not alternation", "{a,b}", "a", false},
		{"backslash literal", `a\*`, `a\xyz`, true},
		{"backslash not escape", `a\*`, `a*`, false},
		{"bang literal", "[!a]", "[!a]", true},
		{"optional tail bare", "git *", "git", true},
		{"optional tail args", "git *", "git status", true},
		{"optional tail not prefix", "git *", "gitk", false},
		{"optional tail empty arg", "git *", "git ", true},
		{"optional double tail", "git **", "git", true},
		{"no tail without space", "git*", "gitk", true},
		{"empty pattern empty value", "", "", true},
		{"empty pattern", "", "x", false},
		{"middle star", "rm * /", "rm -rf /", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Match(tt.pattern, tt.value, Options{}); got != tt.want {
				t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.value, got, tt.want)
			}
		})
	}
}

func TestPatternPathAndHome(t *testing.T) {
	t.Parallel()
	home := "/home/user"
	tests := []struct {
		name, pattern, value string
		path                 bool
		want                 bool
	}{
		{"tilde", "~/.ssh/*", "/home/user/.ssh/id_rsa", true, true},
		{"dollar home", "$HOME/.ssh/*", "/home/user/.ssh/id_rsa", true, true},
		{"tilde alone", "~", "/home/user", true, true},
		{"tilde user not expanded", "~bob/*", "/home/user/x", true, false},
		{"value tilde literal kept", "~/x", "~/x", false, true},
		{"backslash as slash", `C:\src\*`, "C:/src/a.go", true, true},
		{"backslash literal when not path", `C:\src\*`, "C:/src/a.go", false, false},
		{"home in middle literal", "a/~/b", "a/~/b", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Compile(tt.pattern, Options{Path: tt.path, Home: home})
			v := tt.value
			if tt.path {
				v = NormalizePath(v, home)
			}
			if got := p.Match(v); got != tt.want {
				t.Errorf("pattern %q (path=%v) on %q = %v, want %v", tt.pattern, tt.path, tt.value, got, tt.want)
			}
		})
	}
}

func TestNormalizePath(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`~\docs\a.md`, "/h/docs/a.md"},
		{"$HOME/x", "/h/x"},
		{"$HOMEx", "$HOMEx"},
		{"./a", "./a"},
	}
	for _, tt := range tests {
		if got := NormalizePath(tt.in, "/h"); got != tt.want {
			t.Errorf("NormalizePath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// refMatch is an obviously-correct backtracking matcher for the wildcard language, used to
// check the compiled matcher on fuzzed input.
func refMatch(p, s []rune) bool {
	if len(p) == 0 {
		return len(s) == 0
	}
	switch p[0] {
	case '*':
		for i := 0; i <= len(s); i++ {
			if refMatch(p[1:], s[i:]) {
				return true
			}
		}
		return false
	case '?':
		return len(s) > 0 && refMatch(p[1:], s[1:])
	default:
		return len(s) > 0 && s[0] == p[0] && refMatch(p[1:], s[1:])
	}
}

func refWildcard(p, s string) bool {
	p = CollapseStars(p)
	if refMatch([]rune(p), []rune(s)) {
		return true
	}
	if len(p) >= 2 && p[len(p)-2:] == " *" {
		return refMatch([]rune(p[:len(p)-2]), []rune(s))
	}
	return false
}

func FuzzPatternMatch(f *testing.F) {
	seeds := [][2]string{{"git *", "git"}, {"a?c", "abc"}, {"[x]", "[x]"}, {`\*`, `\a`}, {"{a,b}", "a"}, {"**", ""}, {"?", "é"}}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		if !utf8.ValidString(pattern) || !utf8.ValidString(value) || len(pattern) > 64 || len(value) > 64 {
			return
		}
		if len(pattern) > 0 && (pattern[0] == '~' || pattern[0] == '$') {
			return // home expansion is covered by its own table
		}
		got := Compile(pattern, Options{Home: "/h"}).Match(value)
		if want := refWildcard(pattern, value); got != want {
			t.Fatalf("pattern %q value %q: compiled %v, reference %v", pattern, value, got, want)
		}
		if got, want := starGlob(pattern).Match(value), refMatch([]rune(CollapseStars(pattern)), []rune(value)); got != want {
			t.Fatalf("starGlob(%q) on %q = %v, reference %v", pattern, value, got, want)
		}
	})
}
