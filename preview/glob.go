package preview

import "math/bits"

// glob is a wildcard pattern as an automaton over runes: `*` matches any run of characters,
// `?` exactly one, every other rune itself, anchored at both ends. A state of the automaton
// is the set of pattern positions reached so far, kept as a bit set.
type glob struct {
	src   string
	runes []rune
	stars []int // positions of `*`, ascending
}

func newGlob(s string) glob {
	g := glob{src: s, runes: []rune(s)}
	for i, r := range g.runes {
		if r == '*' {
			g.stars = append(g.stars, i)
		}
	}
	return g
}

// words is the number of uint64 words a state of g takes: positions 0..len(runes).
func (g glob) words() int { return (len(g.runes) + 64) / 64 }

// start writes the start state into st (len g.words(), zeroed).
func (g glob) start(st []uint64) {
	st[0] = 1
	g.close(st)
}

// close adds the positions reachable without reading a character: past every `*`.
func (g glob) close(st []uint64) {
	for _, i := range g.stars {
		if has(st, i) {
			set(st, i+1)
		}
	}
}

// step writes into next (zeroed, same size) the state after reading c in state cur.
func (g glob) step(cur, next []uint64, c rune) {
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

// short reports whether a state of g fits one word, so that a step can move every position at
// once: see wordStep.
func (g glob) short() bool { return len(g.runes) < 64 }

// masks returns, for a short glob, the positions that read each rune of alphabet (the rune
// itself or `?`), and the positions of `*`.
func (g glob) masks(alphabet []rune) (reads []uint64, stars uint64) {
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

// wordStep is step for a short glob: positions that read the rune advance by one, positions
// on a `*` stay, and the result is closed over stars.
func wordStep(cur, reads, stars uint64) uint64 {
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

// accepts reports whether state st has matched the whole pattern.
func (g glob) accepts(st []uint64) bool { return has(st, len(g.runes)) }

// match runs g over s.
func (g glob) match(s string) bool {
	if g.short() {
		return g.matchShort(s)
	}
	cur := make([]uint64, g.words())
	next := make([]uint64, g.words())
	g.start(cur)
	for _, c := range s {
		clear(next)
		g.step(cur, next, c)
		cur, next = next, cur
	}
	return g.accepts(cur)
}

// matchShort is match for a short glob, with the state in one word and nothing allocated:
// permission patterns are matched against every key of every persona.
func (g glob) matchShort(s string) bool {
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
		if cur = wordStep(cur, reads, stars); cur == 0 {
			return false
		}
	}
	return cur&(1<<len(g.runes)) != 0
}

// literals calls f for every rune g matches only as itself.
func (g glob) literals(f func(rune)) {
	for _, r := range g.runes {
		if r != '*' && r != '?' {
			f(r)
		}
	}
}

func has(st []uint64, i int) bool { return st[i/64]&(1<<(i%64)) != 0 }
func set(st []uint64, i int)      { st[i/64] |= 1 << (i % 64) }
