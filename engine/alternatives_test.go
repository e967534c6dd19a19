package engine

import (
	"slices"
	"testing"
)

func TestAlternatives(t *testing.T) {
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
		got := Alternatives(tt.pattern, PatternOptions{Path: tt.path, Home: "/home/u/"})
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
	patterns := []string{"*", "**", "", "git *", "git", "*.env", "a?c", "~", "~/x/*", "$HOME/*", "$HOMEx", "~x",
		`src\*`, "[a]{b}", "* *", "a**b", "x *"}
	values := []string{"", "git", "git ", "git status", "a.env", "abc", "/home/u", "/home/u/x/y", "~/x/y",
		"$HOME/a", "~x", "src/a", `src\a`, "[a]{b}", "a b", "ab", "x"}
	for _, path := range []bool{false, true} {
		opts := PatternOptions{Path: path, Home: "/home/u"}
		for _, p := range patterns {
			alts := Alternatives(p, opts)
			want := CompilePattern(p, opts)
			for _, v := range values {
				got := slices.ContainsFunc(alts, func(a string) bool { return starGlob(a).Match(v) })
				if got != want.Match(v) {
					t.Errorf("pattern %q (path %v) on %q: alternatives %q say %v, pattern says %v", p, path, v, alts, got, !got)
				}
			}
		}
	}
	for _, p := range []string{"*", "**", "***", "* ", "a*", ""} {
		if got, want := IsCatchAll(p), CompilePattern(p, PatternOptions{}).Match("any value at all") && CompilePattern(p, PatternOptions{}).Match(""); got != want {
			t.Errorf("IsCatchAll(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		perm, key string
		want      bool
	}{
		{"*", "bash", true},
		{"ba*", "bash", true},
		{"b?sh", "bash", true},
		{"bash *", "bash", true}, // the optional tail applies to permissions too
		{"~", "~", true},         // and no home expansion: keys are names
		{"ctx_*", "ctx_execute", true},
		{"**", "", true},
		{"read", "reads", false},
	}
	for _, tt := range tests {
		c := Compile(Ruleset{{Permission: "other", Pattern: "*", Action: Allow}, {Permission: tt.perm, Pattern: "*", Action: Deny}})
		got := c.Candidates(tt.key)
		if want := map[bool][]int{true: {1}, false: {}}[tt.want]; !slices.Equal(got, want) {
			t.Errorf("permission %q, key %q: Candidates = %v, want %v", tt.perm, tt.key, got, want)
		}
	}
	c := Compile(rules("bash", "a", "allow", "*", "*", "ask", "bash", "b", "deny", "read", "*", "deny", "ba*", "*", "allow"))
	if got := c.Candidates("bash"); !slices.Equal(got, []int{0, 1, 2, 4}) {
		t.Errorf("Candidates(bash) = %v, want the literal and wildcard rules in file order", got)
	}
}
