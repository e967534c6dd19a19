package dupcheck

import (
	"cmp"
	"fmt"
	"slices"
)

// MinLines is how many normalized lines in a row two places must share to be a pair: fewer
// are mostly the shape of the language (a loop and its error check), not a copy.
const MinLines = 6

// MostPlaces is how many places a run may stand in and still be paired. A run found in more
// is an idiom of the code base (a test's table header, say) rather than a copy to fold, and
// pairing every place with every other would let one idiom outweigh every real copy; such
// runs are counted apart, in Result.Common.
const MostPlaces = 8

// Source is one file: its path, relative to the repository and with forward slashes, and its
// normalized lines.
type Source struct {
	Path  string
	Lines []Line
}

// Run is one stretch of lines that two places share: lines A..AEnd of the pair's first file
// stand again at B..BEnd of its second (1-based, inclusive, as an editor numbers them).
type Run struct {
	A, AEnd, B, BEnd int
	Lines            int // how many normalized lines the run shares
}

// Pair is two files, or two places of one file, that share at least one run: Longest is the
// run that shares most, Runs how many runs they share in all.
type Pair struct {
	A, B    string
	Longest Run
	Runs    int
}

// Key names the pair by its files alone, which do not move when lines are added above the
// copy: the ceiling file lists pairs by it.
func (p Pair) Key() string { return p.A + " ~ " + p.B }

// String says where the pair's longest run is, as file:first-last ~ file:first-last.
func (p Pair) String() string {
	s := fmt.Sprintf("%s:%d-%d ~ %s:%d-%d (%d lines)", p.A, p.Longest.A, p.Longest.AEnd, p.B, p.Longest.B, p.Longest.BEnd, p.Longest.Lines)
	if p.Runs > 1 {
		s += fmt.Sprintf(" (+%d more runs)", p.Runs-1)
	}
	return s
}

// Result is what Find found: the pairs, most shared first, and how many runs were passed over
// as too common to pair.
type Result struct {
	Pairs  []Pair
	Common int
}

// place is where a window of MinLines lines starts: a source and a line index into it.
type place struct{ src, at int }

// Find lists the pairs of places among sources that share MinLines or more normalized lines
// in a row. Each line is given a number by its text, and each window of MinLines numbers is a
// key; windows with the same key are the same lines. Windows that follow each other in both
// places, one line further each, join into one run.
func Find(sources []Source) Result {
	ids := map[string]int32{}
	seqs := make([][]int32, len(sources))
	for i, s := range sources {
		seq := make([]int32, len(s.Lines))
		for j, l := range s.Lines {
			id, ok := ids[l.Text]
			if !ok {
				id = int32(len(ids))
				ids[l.Text] = id
			}
			seq[j] = id
		}
		seqs[i] = seq
	}
	windows := map[[MinLines]int32][]place{}
	var order [][MinLines]int32 // the keys as first met, so that the result does not depend on map order
	for i, seq := range seqs {
		for j := 0; j+MinLines <= len(seq); j++ {
			var k [MinLines]int32
			copy(k[:], seq[j:j+MinLines])
			if _, seen := windows[k]; !seen {
				order = append(order, k)
			}
			windows[k] = append(windows[k], place{i, j})
		}
	}
	type diagonal struct{ a, b, shift int }
	starts := map[diagonal][]int{}
	var diagonals []diagonal
	var res Result
	for _, k := range order {
		ps := distinct(windows[k])
		if len(ps) < 2 {
			continue
		}
		if len(ps) > MostPlaces {
			res.Common++
			continue
		}
		for x := range ps {
			for y := x + 1; y < len(ps); y++ {
				p, q := ps[x], ps[y]
				d := diagonal{p.src, q.src, q.at - p.at}
				if _, seen := starts[d]; !seen {
					diagonals = append(diagonals, d)
				}
				starts[d] = append(starts[d], p.at)
			}
		}
	}
	pairs := map[[2]int]*Pair{}
	var pairOrder [][2]int
	for _, d := range diagonals {
		ats := starts[d]
		slices.Sort(ats)
		for i := 0; i < len(ats); {
			j := i
			for j+1 < len(ats) && ats[j+1] == ats[j]+1 {
				j++
			}
			run := runOf(sources, d.a, d.b, ats[i], ats[i]+d.shift, j-i+MinLines)
			key := [2]int{d.a, d.b}
			p, ok := pairs[key]
			if !ok {
				p = &Pair{A: sources[d.a].Path, B: sources[d.b].Path}
				pairs[key] = p
				pairOrder = append(pairOrder, key)
			}
			p.Runs++
			if run.Lines > p.Longest.Lines {
				p.Longest = run
			}
			i = j + 1
		}
	}
	for _, k := range pairOrder {
		res.Pairs = append(res.Pairs, *pairs[k])
	}
	slices.SortStableFunc(res.Pairs, func(x, y Pair) int {
		if c := cmp.Compare(y.Longest.Lines, x.Longest.Lines); c != 0 {
			return c
		}
		return cmp.Compare(x.Key(), y.Key())
	})
	return res
}

// distinct drops the places of one file that overlap an earlier one of the same window: a
// line repeated MinLines+1 times in a row is not a copy of itself.
func distinct(ps []place) []place {
	out := ps[:0:0]
	for _, p := range ps {
		if n := len(out); n > 0 && out[n-1].src == p.src && p.at-out[n-1].at < MinLines {
			continue
		}
		out = append(out, p)
	}
	return out
}

// runOf is the run of n normalized lines at index a of source sa and index b of source sb, in
// the files' own line numbers.
func runOf(sources []Source, sa, sb, a, b, n int) Run {
	la, lb := sources[sa].Lines, sources[sb].Lines
	return Run{A: la[a].N, AEnd: la[a+n-1].N, B: lb[b].N, BEnd: lb[b+n-1].N, Lines: n}
}
