package preview

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/wildcard"
)

// globsMatch reports whether any of the globs matches v.
func globsMatch(globs []string, v string) bool {
	for _, g := range globs {
		if wildcard.NewAutomaton(g).Match(v) {
			return true
		}
	}
	return false
}

func TestValueGlobsAgreeWithEngine(t *testing.T) {
	t.Parallel()
	patterns := []string{"*", "**", "", "git *", "git", "rm -rf *", "*.env", "?", "a?c", "~", "~/x/*", "$HOME/*",
		"$HOMEx", "~x", `src\*`, "[a]{b}", "* *", "a**b", "é?", "x *"}
	values := []string{"", "git", "git ", "git status", "gitk", "a.env", ".env", "abc", "ac", "é", "éa", "é1",
		testHome, testHome + "/x/y", "~/x/y", "$HOME/a", "~x", "src/a", `src\a`, "[a]{b}", "a b", "ab", "a//b", "x"}
	for _, path := range []bool{false, true} {
		for _, p := range patterns {
			globs := valueGlobs(p, path, testHome)
			want := engine.CompilePattern(p, engine.PatternOptions{Path: path, Home: testHome})
			for _, v := range values {
				if got := globsMatch(globs, v); got != want.Match(v) {
					t.Errorf("pattern %q (path %v) on %q: globs %q match = %v, engine says %v", p, path, v, globs, got, want.Match(v))
				}
			}
		}
	}
}

// FuzzValueGlobs holds the preview's reading of value patterns to the engine's matcher.
func FuzzValueGlobs(f *testing.F) {
	f.Add("git *", "git", false)
	f.Add("~/a/*", testHome+"/a/b", true)
	f.Add(`a\*?`, "a/xy", true)
	f.Add("*a?*", "ba", false)
	f.Fuzz(func(t *testing.T, pattern, value string, path bool) {
		if len(pattern) > 64 || len(value) > 64 || !utf8.ValidString(pattern) {
			return // patterns come from files the reader has checked to be UTF-8
		}
		globs := valueGlobs(pattern, path, testHome)
		want := engine.CompilePattern(pattern, engine.PatternOptions{Path: path, Home: testHome}).Match(value)
		if got := globsMatch(globs, value); got != want {
			t.Fatalf("pattern %q (path %v) on %q: globs %q match = %v, engine says %v", pattern, path, value, globs, got, want)
		}
	})
}

func TestShortAndLongGlobsAgree(t *testing.T) {
	t.Parallel()
	long := "a*" + strings.Repeat("b?", 40) + "*c"
	values := []string{"", "ac", "a" + strings.Repeat("bx", 40) + "c", "a" + strings.Repeat("bx", 39) + "c", "xa" + strings.Repeat("by", 40) + "zc"}
	for _, p := range []string{"*", "a*c", "a?c", "**", "", "*b*", long} {
		g := valueGlobs(p, false, testHome)
		for _, v := range values {
			want := wildcard.Match(p, v, wildcard.Options{})
			if got := globsMatch(g, v); got != want {
				t.Errorf("glob %q on %q = %v, engine says %v", p, v, got, want)
			}
		}
	}
}

// TestHomeSpellingsFitThePrefixStates: prefixState counts the runes read of a home spelling in
// three bits and tells spellings apart by their first byte.
func TestHomeSpellingsFitThePrefixStates(t *testing.T) {
	t.Parallel()
	first := map[byte]bool{}
	for _, s := range homeSpellings {
		if len(s) == 0 || len(s) >= 8 || first[s[0]] {
			t.Errorf("home spelling %q does not fit the prefix states", s)
		}
		if len(s) > 0 {
			first[s[0]] = true
		}
	}
}

// TestHomeSpellingAloneIsNoValue: the engine reads a path value "~" as the home directory, so
// "~" cannot stand for the values `~*` matches literally; "~" followed by more can.
func TestHomeSpellingAloneIsNoValue(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"~", "$HOME"} {
		e := NewEvaluator(rules("read", "*", "ask", "read", prefix+"*", "allow"), nil, nil, Options{Home: testHome})
		st := e.Status("read")
		allowed := false
		for _, o := range st.Outcomes {
			if d := e.Policy().Decide("read", o.Example); d.Action != o.Action {
				t.Errorf("%s: outcome %s for %q, engine says %s", prefix, o.Action, o.Example, d.Action)
			}
			allowed = allowed || o.Action == engine.Allow
		}
		if !allowed {
			t.Errorf("%s: outcomes %q miss the allow of %q", prefix, outcomeText(st.Outcomes), prefix+"*")
		}
	}
}
