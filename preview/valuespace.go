package preview

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
)

// valueSpace is the set of values a permission key can be called with, seen through the value
// patterns of the rules that can decide it. Two values that every pattern treats alike (each
// pattern matches both or neither) get the same decision, so one value per class is enough to
// know every decision the rules can make. The classes are found by walking the product of the
// patterns' automatons breadth first: the first value reaching a class is the shortest of it.
type valueSpace struct {
	globs []glob
	rules [][]int // per rule, the indexes of the globs whose union is its pattern
	path  bool    // values are paths: the engine reads `\` as `/` and expands a leading ~
	// alphabet holds every rune some pattern matches literally, and other, a rune none does,
	// which stands for all the runes patterns only match with wildcards.
	alphabet []rune
}

// maxClasses bounds the walk; see Status.Approximate.
const maxClasses = 4096

// otherRunes are tried, in order, as the rune that stands for "any other character"; readable
// letters first, so that example values read well.
const otherRunes = "xzqjkvwy_0123456789"

// newValueSpace prepares the walk over the value patterns of rules (globs per rule).
func newValueSpace(rules [][]string, path bool) *valueSpace {
	vs := &valueSpace{path: path}
	index := map[string]int{}
	lits := map[rune]bool{}
	for _, r := range rules {
		var ids []int
		for _, s := range r {
			i, ok := index[s]
			if !ok {
				i = len(vs.globs)
				index[s] = i
				g := newGlob(s)
				vs.globs = append(vs.globs, g)
				g.literals(func(c rune) { lits[c] = true })
			}
			ids = append(ids, i)
		}
		vs.rules = append(vs.rules, ids)
	}
	if path {
		// The engine turns `\` into `/` before matching, so no value it matches holds one.
		delete(lits, '\\')
	}
	other := rune(0xE000) // a private-use rune, when every readable candidate is taken
	for _, c := range otherRunes {
		if !lits[c] {
			other = c
			break
		}
	}
	vs.alphabet = append(vs.alphabet, other)
	for c := range lits {
		vs.alphabet = append(vs.alphabet, c)
	}
	slices.Sort(vs.alphabet[1:])
	return vs
}

// explore calls visit with the shortest value of each class and the number of rules matching
// it, shortest first, until visit returns false. It returns false when it stopped because the
// walk reached maxClasses states before covering every class.
func (vs *valueSpace) explore(visit func(value string, matched int) bool) (complete bool) {
	width := 1 // word 0 holds the path-prefix state
	offs := make([]int, len(vs.globs))
	for i, g := range vs.globs {
		offs[i] = width
		width += g.words()
	}
	type node struct {
		state []uint64
		value string
	}
	start := make([]uint64, width)
	start[0] = uint64(prefixStart)
	for i, g := range vs.globs {
		g.start(start[offs[i] : offs[i]+g.words()])
	}
	seen := map[string]bool{stateKey(start): true}
	classes := map[string]bool{}
	queue := []node{{start, ""}}
	var keyBuf []byte
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if prefixState(n.state[0]).reachable() {
			keyBuf = vs.classKey(n.state, offs, keyBuf[:0])
			if !classes[string(keyBuf)] {
				classes[string(keyBuf)] = true
				if !visit(n.value, popCount(keyBuf)) {
					return true
				}
			}
		}
		for _, c := range vs.alphabet {
			p := prefixState(n.state[0]).next(c, vs.path)
			if p == prefixDead {
				continue
			}
			next := make([]uint64, width)
			next[0] = uint64(p)
			for i, g := range vs.globs {
				w := g.words()
				g.step(n.state[offs[i]:offs[i]+w], next[offs[i]:offs[i]+w], c)
			}
			k := stateKey(next)
			if seen[k] {
				continue
			}
			if len(seen) >= maxClasses {
				return false
			}
			seen[k] = true
			queue = append(queue, node{next, n.value + string(c)})
		}
	}
	return true
}

// classKey is the set of rules whose pattern accepts in state st, as bytes.
func (vs *valueSpace) classKey(st []uint64, offs []int, buf []byte) []byte {
	var b byte
	for r, ids := range vs.rules {
		for _, i := range ids {
			g := vs.globs[i]
			if g.accepts(st[offs[i] : offs[i]+g.words()]) {
				b |= 1 << (r % 8)
				break
			}
		}
		if r%8 == 7 {
			buf = append(buf, b)
			b = 0
		}
	}
	return append(buf, b)
}

func popCount(b []byte) int {
	n := 0
	for _, x := range b {
		n += bits.OnesCount8(x)
	}
	return n
}

func stateKey(st []uint64) string {
	var b strings.Builder
	b.Grow(8 * len(st))
	var w [8]byte
	for _, x := range st {
		binary.LittleEndian.PutUint64(w[:], x)
		b.Write(w[:])
	}
	return b.String()
}

// prefixState follows the start of a path value, because the engine rewrites a leading `~` or
// `$HOME` (alone or before `/`) to the home directory before matching: such a value is never
// what the rules see, so it is not a class of its own. For other keys the state is always
// prefixFree.
type prefixState uint64

const (
	prefixStart  prefixState        = iota // nothing read yet
	prefixTilde                            // "~"
	prefixDollar                           // "$", "$H", "$HO", "$HOM": prefixDollar + letters read
	prefixHome   = prefixDollar + 4        // "$HOME"
	prefixFree   = prefixHome + 1          // no home prefix possible any more
	prefixDead   = prefixFree + 1          // the value starts with "~/" or "$HOME/"
)

func (p prefixState) next(c rune, path bool) prefixState {
	switch {
	case !path || p == prefixFree:
		return prefixFree
	case p == prefixStart && c == '~':
		return prefixTilde
	case p == prefixStart && c == '$':
		return prefixDollar
	case (p == prefixTilde || p == prefixHome) && c == '/':
		return prefixDead
	case p >= prefixDollar && p < prefixHome && c == rune("HOME"[p-prefixDollar]):
		return p + 1
	}
	return prefixFree
}

// reachable reports whether a value ending in this state is one the engine matches as is.
func (p prefixState) reachable() bool { return p != prefixTilde && p != prefixHome }
