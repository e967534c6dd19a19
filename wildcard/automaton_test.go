package wildcard

import (
	"strings"
	"testing"
)

// The automaton, short (one word of state) or long, matches as the plain matcher does.
func TestAutomatonMatchesLikeThePlainMatcher(t *testing.T) {
	t.Parallel()
	long := "a*" + strings.Repeat("b?", 40) + "*c"
	values := []string{"", "ac", "abc", "a" + strings.Repeat("bx", 40) + "c", "a" + strings.Repeat("bx", 39) + "c",
		"xa" + strings.Repeat("by", 40) + "zc", "é", "aéc"}
	for _, p := range []string{"*", "a*c", "a?c", "", "*b*", "?", long} {
		g := NewAutomaton(p)
		for _, v := range values {
			if got, want := g.Match(v), starGlob(p).Match(v); got != want {
				t.Errorf("automaton %q (short %v) on %q = %v, plain matcher says %v", p, g.Short(), v, got, want)
			}
		}
	}
}

// Stepping by hand with Start, Step and Accepts, and with WordStep on masks, gives the same
// answer as Match.
func TestAutomatonStepsAgree(t *testing.T) {
	t.Parallel()
	alphabet := []rune("abx")
	for _, p := range []string{"a*b", "?b*", "*", "ab", "a?"} {
		g := NewAutomaton(p)
		reads, stars := g.Masks(alphabet)
		for _, v := range []string{"", "a", "ab", "axb", "bb", "abx", "xbab"} {
			st := make([]uint64, g.Words())
			g.Start(st)
			word := st[0]
			for _, c := range v {
				next := make([]uint64, g.Words())
				g.Step(st, next, c)
				st = next
				word = WordStep(word, reads[strings.IndexRune(string(alphabet), c)], stars)
			}
			if got, want := g.Accepts(st), g.Match(v); got != want {
				t.Errorf("%q on %q: stepped %v, Match %v", p, v, got, want)
			}
			if got := word&(1<<len([]rune(p))) != 0; got != g.Match(v) {
				t.Errorf("%q on %q: word steps %v, Match %v", p, v, got, g.Match(v))
			}
		}
	}
}
