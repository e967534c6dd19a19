package wildcard

import (
	"slices"
	"testing"
)

func TestAlternatives(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		path    bool
		want    []string
	}{
		{"git *", false, []string{"git *", "git"}},
		{"a**b", false, []string{"a*b"}},
		{"~/x/** *", false, []string{"~/x/* *", "~/x/*", "/home/u/x/* *", "/home/u/x/*"}},
		{"$HOME", false, []string{"$HOME", "/home/u"}},
		{"~x", false, []string{"~x"}},
		{`src\*`, true, []string{"src/*"}},
		{`src\*`, false, []string{`src\*`}},
		{" *", false, []string{" *", ""}},
	}
	for _, tt := range tests {
		got := Alternatives(tt.pattern, Options{Path: tt.path, Home: "/home/u/"})
		if !slices.Equal(got, tt.want) {
			t.Errorf("Alternatives(%q, path %v) = %q, want %q", tt.pattern, tt.path, got, tt.want)
		}
	}
	if got, want := KeyAlternatives("ctx_** *"), []string{"ctx_* *", "ctx_*"}; !slices.Equal(got, want) {
		t.Errorf("KeyAlternatives = %q, want %q", got, want)
	}
	if got := KeyAlternatives("~"); !slices.Equal(got, []string{"~"}) {
		t.Errorf("KeyAlternatives(~) = %q: keys are names, never expanded", got)
	}
}

// TestAlternativesMatchLikeThePattern holds the exported alternatives to the compiled pattern:
// a value matches the pattern exactly when it matches one of them as a plain wildcard.
func TestAlternativesMatchLikeThePattern(t *testing.T) {
	t.Parallel()
	patterns := []string{"*", "**", "", "git *", "git", "*.env", "a?c", "~", "~/x/*", "$HOME/*", "$HOMEx", "~x",
		`src\*`, "[a]{b}", "* *", "a**b", "x *"}
	values := []string{"", "git", "git ", "git status", "a.env", "abc", "/home/u", "/home/u/x/y", "~/x/y",
		"$HOME/a", "~x", "src/a", `src\a`, "[a]{b}", "a b", "ab", "x"}
	for _, path := range []bool{false, true} {
		opts := Options{Path: path, Home: "/home/u"}
		for _, p := range patterns {
			alts := Alternatives(p, opts)
			want := Compile(p, opts)
			for _, v := range values {
				got := slices.ContainsFunc(alts, func(a string) bool { return starGlob(a).Match(v) })
				if got != want.Match(v) {
					t.Errorf("pattern %q (path %v) on %q: alternatives %q say %v, pattern says %v", p, path, v, alts, got, !got)
				}
			}
		}
	}
	for _, p := range []string{"*", "**", "***", "* ", "a*", ""} {
		if got, want := IsCatchAll(p), Compile(p, Options{}).Match("any value at all") && Compile(p, Options{}).Match(""); got != want {
			t.Errorf("IsCatchAll(%q) = %v, want %v", p, got, want)
		}
	}
}
