package preview

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/agentmgr/agentmgr/wildcard"
)

// valueSpace is the set of values a permission key can be called with, seen through the value
// patterns of the rules that can decide it. Two values that every pattern treats alike (each
// pattern matches both or neither) get the same decision, so one value per class is enough to
// know every decision the rules can make. The classes are found by walking the product of the
// patterns' automatons breadth first: the first value reaching a class is the shortest of it.
type valueSpace struct {
	globs []wildcard.Automaton
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
func newValueSpace(rules [][]wildcard.Automaton, path bool) *valueSpace {
	vs := &valueSpace{path: path, rules: make([][]int, 0, len(rules))}
	var lits []rune
	for _, r := range rules {
		ids := make([]int, 0, len(r))
		for _, g := range r {
			// Rules are few: a linear search beats a map here.
			i := slices.IndexFunc(vs.globs, func(x wildcard.Automaton) bool { return x.String() == g.String() })
			if i < 0 {
				i = len(vs.globs)
				vs.globs = append(vs.globs, g)
				g.Literals(func(c rune) { lits = append(lits, c) })
			}
			ids = append(ids, i)
		}
		vs.rules = append(vs.rules, ids)
	}
	slices.Sort(lits)
	lits = slices.Compact(lits)
	if path {
		// The engine turns `\` into `/` before matching, so no value it matches holds one.
		if i, ok := slices.BinarySearch(lits, '\\'); ok {
			lits = slices.Delete(lits, i, i+1)
		}
	}
	other := rune(0xE000) // a private-use rune, when every readable candidate is taken
	for _, c := range otherRunes {
		if _, taken := slices.BinarySearch(lits, c); !taken {
			other = c
			break
		}
	}
	vs.alphabet = append(append(make([]rune, 0, len(lits)+1), other), lits...)
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
		width += g.Words()
	}
	// States live in one arena, width words each; a state is reached from its parent by one
	// rune, which is how its shortest value is spelled out when it is visited.
	arena := make([]uint64, width, width*32)
	type link struct {
		parent int32
		c      rune
	}
	links := []link{{-1, 0}}
	arena[0] = uint64(prefixStart)
	// Short globs (nearly all) step a whole state at once with precomputed masks.
	reads := make([][]uint64, len(vs.globs))
	stars := make([]uint64, len(vs.globs))
	for i, g := range vs.globs {
		g.Start(arena[offs[i] : offs[i]+g.Words()])
		if g.Short() {
			reads[i], stars[i] = g.Masks(vs.alphabet)
		}
	}
	seen := make(map[string]int32, 64)
	keyBuf := stateKey(nil, arena[:width])
	seen[string(keyBuf)] = 0
	var classes []string // few: a linear search is cheaper than a map
	next := make([]uint64, width)
	var classBuf []byte
	for head := 0; head < len(links); head++ {
		cur := arena[head*width : (head+1)*width]
		if prefixState(cur[0]).reachable() {
			classBuf = vs.classKey(cur, offs, classBuf[:0])
			if !slices.Contains(classes, string(classBuf)) {
				classes = append(classes, string(classBuf))
				if !visit(spell(head, func(i int) (int, rune) { return int(links[i].parent), links[i].c }), popCount(classBuf)) {
					return true
				}
			}
		}
		for a, c := range vs.alphabet {
			p := prefixState(cur[0]).next(c, vs.path)
			if p == prefixDead {
				continue
			}
			next[0] = uint64(p)
			for i, g := range vs.globs {
				o := offs[i]
				if reads[i] != nil {
					next[o] = wildcard.WordStep(cur[o], reads[i][a], stars[i])
					continue
				}
				w := g.Words()
				clear(next[o : o+w])
				g.Step(cur[o:o+w], next[o:o+w], c)
			}
			keyBuf = stateKey(keyBuf[:0], next)
			if _, ok := seen[string(keyBuf)]; ok {
				continue
			}
			if len(seen) >= maxClasses {
				return false
			}
			seen[string(keyBuf)] = int32(len(links))
			links = append(links, link{int32(head), c})
			arena = append(arena, next...)
			cur = arena[head*width : (head+1)*width] // the arena may have moved
		}
	}
	return true
}

// spell returns the value that reaches state i, following parents back to the start.
func spell(i int, parent func(int) (int, rune)) string {
	var rs []rune
	for i > 0 {
		var c rune
		i, c = parent(i)
		rs = append(rs, c)
	}
	slices.Reverse(rs)
	return string(rs)
}

// classKey is the set of rules whose pattern accepts in state st, as bytes.
func (vs *valueSpace) classKey(st []uint64, offs []int, buf []byte) []byte {
	var b byte
	for r, ids := range vs.rules {
		for _, i := range ids {
			g := vs.globs[i]
			if g.Accepts(st[offs[i] : offs[i]+g.Words()]) {
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

// stateKey appends the bytes of state st to buf, to key maps by state.
func stateKey(buf []byte, st []uint64) []byte {
	for _, x := range st {
		buf = binary.LittleEndian.AppendUint64(buf, x)
	}
	return buf
}

// prefixState follows the start of a path value, because the engine rewrites a leading home
// spelling (wildcard.HomePrefixes: `~`, `$HOME`), alone or before `/`, to the home directory
// before matching: such a value is never what the rules see, so it is not a class of its own.
// Between prefixStart and prefixFree the state is homeSpelt + 8*spelling + runes read of it.
// For other keys the state is always prefixFree.
type prefixState uint64

const (
	prefixStart prefixState = iota // nothing read yet
	prefixFree                     // no home prefix possible any more
	prefixDead                     // the value starts with a home spelling and `/`
	homeSpelt                      // the first of the states inside a home spelling
)

// homeSpellings are the engine's home spellings; each is shorter than 8 bytes, as the state
// encoding needs (a test checks).
var homeSpellings = wildcard.HomePrefixes()

func (p prefixState) spelling() (s string, read int) {
	i := int(p - homeSpelt)
	return homeSpellings[i/8], i % 8
}

func (p prefixState) next(c rune, path bool) prefixState {
	switch {
	case !path || p == prefixFree:
		return prefixFree
	case p == prefixStart:
		for i, s := range homeSpellings {
			if rune(s[0]) == c {
				return homeSpelt + prefixState(8*i+1)
			}
		}
		return prefixFree
	}
	s, read := p.spelling()
	switch {
	case read == len(s) && c == '/':
		return prefixDead
	case read < len(s) && rune(s[read]) == c:
		return p + 1
	}
	return prefixFree
}

// reachable reports whether a value ending in this state is one the engine matches as is: not
// a whole home spelling, which the engine would expand.
func (p prefixState) reachable() bool {
	if p < homeSpelt {
		return true
	}
	s, read := p.spelling()
	return read != len(s)
}
