package wildcard

import "math/bits"

// Automaton is a plain wildcard (one of Alternatives) as an automaton over runes, for walking
// many patterns at once: a value-space walk steps every pattern's automaton by one rune and
// groups values by the states they reach, which is how the previews enumerate one value per
// class of values the rules treat alike. A state is the set of pattern positions reached so
// far, kept as a bit set of Words() words.
type Automaton struct {
	src   string
	runes []rune
	stars []int // positions of `*`, ascending
}

// NewAutomaton builds the automaton of the plain wildcard s.
func NewAutomaton(s string) Automaton {
	g := Automaton{src: s, runes: []rune(s)}
	for i, r := range g.runes {
		if r == '*' {
			g.stars = append(g.stars, i)
		}
	}
	return g
}

// String returns the wildcard the automaton was built from.
func (g Automaton) String() string { return g.src }

// Words is the number of uint64 words a state of g takes: positions 0..len(runes).
func (g Automaton) Words() int { return (len(g.runes) + 64) / 64 }

// Start writes the start state into st (Words() long, zeroed).
func (g Automaton) Start(st []uint64) {
	st[0] = 1
	g.close(st)
}

// close adds the positions reachable without reading a character: past every `*`.
func (g Automaton) close(st []uint64) {
	for _, i := range g.stars {
		if has(st, i) {
			set(st, i+1)
		}
	}
}

// Step writes into next (zeroed, same size) the state after reading c in state cur.
func (g Automaton) Step(cur, next []uint64, c rune) {
	for w, word := range cur {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			if i >= len(g.runes) {
				continue
			}
			switch r := g.runes[i]; {
			case r == '*':
				set(next, i)
			case r == '?' || r == c:
				set(next, i+1)
			}
		}
	}
	g.close(next)
}

// Short reports whether a state of g fits one word, so that a step can move every position at
// once: see WordStep.
func (g Automaton) Short() bool { return len(g.runes) < 64 }

// Masks returns, for a short automaton, the positions that read each rune of alphabet (the
// rune itself or `?`), and the positions of `*`: what WordStep needs.
func (g Automaton) Masks(alphabet []rune) (reads []uint64, stars uint64) {
	reads = make([]uint64, len(alphabet))
	for i, r := range g.runes {
		if r == '*' {
			stars |= 1 << i
			continue
		}
		for a, c := range alphabet {
			if r == '?' || r == c {
				reads[a] |= 1 << i
			}
		}
	}
	return reads, stars
}

// WordStep is Step for a short automaton, its state in one word: positions that read the rune
// (reads, from Masks) advance by one, positions on a `*` stay, and the result is closed over
// stars.
func WordStep(cur, reads, stars uint64) uint64 {
	return closeStars((cur&reads)<<1|cur&stars, stars)
}

// closeStars adds to state st the positions past every `*` it holds.
func closeStars(st, stars uint64) uint64 {
	for {
		closed := st | (st&stars)<<1
		if closed == st {
			return st
		}
		st = closed
	}
}

// Accepts reports whether state st has matched the whole wildcard.
func (g Automaton) Accepts(st []uint64) bool { return has(st, len(g.runes)) }

// Match runs g over s.
func (g Automaton) Match(s string) bool {
	if g.Short() {
		return g.matchShort(s)
	}
	cur := make([]uint64, g.Words())
	next := make([]uint64, g.Words())
	g.Start(cur)
	for _, c := range s {
		clear(next)
		g.Step(cur, next, c)
		cur, next = next, cur
	}
	return g.Accepts(cur)
}

// matchShort is Match for a short automaton, with the state in one word and nothing
// allocated: permission patterns are matched against every key of every persona.
func (g Automaton) matchShort(s string) bool {
	var stars uint64
	for _, i := range g.stars {
		stars |= 1 << i
	}
	cur := closeStars(1, stars)
	for _, c := range s {
		var reads uint64
		for i, r := range g.runes {
			if r == '?' || r == c {
				reads |= 1 << i
			}
		}
		reads &^= stars
		if cur = WordStep(cur, reads, stars); cur == 0 {
			return false
		}
	}
	return cur&(1<<len(g.runes)) != 0
}

// Literals calls f for every rune g matches only as itself.
func (g Automaton) Literals(f func(rune)) {
	for _, r := range g.runes {
		if r != '*' && r != '?' {
			f(r)
		}
	}
}

func has(st []uint64, i int) bool { return st[i/64]&(1<<(i%64)) != 0 }
func set(st []uint64, i int)      { st[i/64] |= 1 << (i % 64) }
