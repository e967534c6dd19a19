// Package unidiff renders the change between two versions of a text file as a unified diff,
// the form every surface shows a change in: the editor's save, a conflict, a trashed or
// restored persona, a project file changed since the person trusted it. It sits at the bottom
// of the layers so that any package can show a change without importing the catalog.
package unidiff

import (
	"bytes"
	"fmt"
	"strings"
)

// Diff renders the change from a to b as a unified diff with three lines of context,
// headed "--- fromName" and "+++ toName"; "" when a and b are equal. Lines are compared with
// their line endings, so a change from LF to CRLF shows; a last line without a newline is
// marked the way diff(1) marks it.
func Diff(fromName, toName string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", fromName, toName)
	const context = 3
	// Walk the edit script and cut it into hunks of changes with their context.
	for i := 0; i < len(ops); {
		if ops[i].kind == opEqual {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != opEqual {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == opEqual {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, run)
				break
			}
			end = run
		}
		writeHunk(&out, ops[start:end], x, y)
		i = end
	}
	return out.String()
}

type opKind byte

const (
	opEqual opKind = iota
	opDelete
	opInsert
)

// op is one line of the edit script: ai indexes a (equal, delete), bi indexes b (equal, insert).
type op struct {
	kind   opKind
	ai, bi int
}

func writeHunk(out *strings.Builder, ops []op, x, y [][]byte) {
	aStart, bStart, aLen, bLen := -1, -1, 0, 0
	for _, o := range ops {
		if o.kind != opInsert {
			if aStart < 0 {
				aStart = o.ai
			}
			aLen++
		}
		if o.kind != opDelete {
			if bStart < 0 {
				bStart = o.bi
			}
			bLen++
		}
	}
	// An empty side is numbered by the line before it, as diff(1) does.
	if aStart < 0 {
		aStart = firstIndex(ops, true)
	}
	if bStart < 0 {
		bStart = firstIndex(ops, false)
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
	for _, o := range ops {
		switch o.kind {
		case opEqual:
			writeLine(out, ' ', x[o.ai])
		case opDelete:
			writeLine(out, '-', x[o.ai])
		case opInsert:
			writeLine(out, '+', y[o.bi])
		}
	}
}

// firstIndex is the index an empty side of a hunk would start at.
func firstIndex(ops []op, aSide bool) int {
	if len(ops) == 0 {
		return 0
	}
	if aSide {
		return ops[0].ai
	}
	return ops[0].bi
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func writeLine(out *strings.Builder, mark byte, line []byte) {
	out.WriteByte(mark)
	s := string(line)
	switch {
	case strings.HasSuffix(s, "\r\n"):
		out.WriteString(s[:len(s)-2])
		out.WriteString("\n")
	case strings.HasSuffix(s, "\n"):
		out.WriteString(s)
	default:
		out.WriteString(s)
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines cuts b after each "\n"; a last line without one is kept as it is.
func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, b)
			break
		}
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// diffLines is a shortest edit script between x and y: Myers' O((N+M)·D) algorithm in its
// linear-space form (the "middle snake" found from both ends at once, then each half solved
// the same way). Keeping every frontier instead, as the plain form does, costs O(D·(N+M))
// memory: 0.6 GB for a 3,000-line prompt rewritten, which the File tab diffs on every edit.
func diffLines(x, y [][]byte) []op {
	// Lines are compared as small integers: equal lines get the same id.
	ids := make(map[string]int, len(x)+len(y))
	id := func(lines [][]byte) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			n, ok := ids[string(l)]
			if !ok {
				n = len(ids)
				ids[string(l)] = n
			}
			out[i] = n
		}
		return out
	}
	d := &differ{a: id(x), b: id(y), ops: make([]op, 0, max(len(x), len(y)))}
	size := 2*((len(x)+len(y)+1)/2) + 3
	d.vf, d.vb = make([]int, size), make([]int, size)
	d.compare(0, len(x), 0, len(y))
	return deletesFirst(d.ops)
}

// deletesFirst puts, in every run of changes between two equal lines, the deleted lines before
// the inserted ones, as diff(1) shows them: the halves of the search meet in the middle of a
// run and may interleave them. The script and its length stay the same.
func deletesFirst(ops []op) []op {
	var ins []op
	for i := 0; i < len(ops); {
		if ops[i].kind == opEqual {
			i++
			continue
		}
		j := i
		for j < len(ops) && ops[j].kind != opEqual {
			j++
		}
		w := i
		ins = ins[:0]
		for _, o := range ops[i:j] {
			if o.kind == opDelete {
				ops[w] = o
				w++
			} else {
				ins = append(ins, o)
			}
		}
		copy(ops[w:j], ins)
		i = j
	}
	return ops
}

// differ holds the lines as ids, the two frontiers reused by every middle-snake search, and
// the edit script, appended in order.
type differ struct {
	a, b   []int
	vf, vb []int
	ops    []op
}

// compare appends the edit script of a[a0:a1] against b[b0:b1].
func (d *differ) compare(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && d.a[a0] == d.b[b0] {
		d.ops = append(d.ops, op{opEqual, a0, b0})
		a0, b0 = a0+1, b0+1
	}
	suffix := 0
	for a0 < a1-suffix && b0 < b1-suffix && d.a[a1-1-suffix] == d.b[b1-1-suffix] {
		suffix++
	}
	a1, b1 = a1-suffix, b1-suffix
	switch {
	case a0 == a1:
		for j := b0; j < b1; j++ {
			d.ops = append(d.ops, op{opInsert, a0, j})
		}
	case b0 == b1:
		for i := a0; i < a1; i++ {
			d.ops = append(d.ops, op{opDelete, i, b0})
		}
	default:
		// Both sides are non-empty and differ at both ends, so the script has at least two
		// edits and the middle snake splits it into two strictly smaller problems.
		x, y, u, v := d.middleSnake(a0, a1, b0, b1)
		d.compare(a0, x, b0, y)
		for i, j := x, y; i < u; i, j = i+1, j+1 {
			d.ops = append(d.ops, op{opEqual, i, j})
		}
		d.compare(u, a1, v, b1)
	}
	for k := range suffix {
		d.ops = append(d.ops, op{opEqual, a1 + k, b1 + k})
	}
}

// reach is where round D's search on diagonal k starts in v (forward or backward alike): from
// the neighbouring diagonal whose path reaches further, a step down from k+1's or a step
// across from k-1's; at the edges of the round only one neighbour was searched.
func reach(v []int, off, k, D int) int {
	if k == -D || k != D && v[off+k-1] < v[off+k+1] {
		return v[off+k+1]
	}
	return v[off+k-1] + 1
}

// middleSnake finds the snake (x, y) -> (u, v) in the middle of a shortest edit script of
// a[a0:a1] against b[b0:b1], searching forward from the start and backward from the end at
// once until the two frontiers meet. Forward, vf[k] is the furthest x (relative to a0) on
// diagonal k = x - y; backward, vb[k] is the furthest distance from the end on diagonal k of
// the reversed problem, whose diagonal delta - k is the forward one.
func (d *differ) middleSnake(a0, a1, b0, b1 int) (x, y, u, v int) {
	n, m := a1-a0, b1-b0
	delta := n - m
	odd := delta&1 != 0
	maxD := (n + m + 1) / 2
	off := maxD + 1
	vf, vb := d.vf[:2*maxD+3], d.vb[:2*maxD+3]
	vf[off+1], vb[off+1] = 0, 0
	for D := 0; D <= maxD; D++ {
		for k := -D; k <= D; k += 2 {
			i := reach(vf, off, k, D)
			j := i - k
			si, sj := i, j
			for i < n && j < m && d.a[a0+i] == d.b[b0+j] {
				i, j = i+1, j+1
			}
			vf[off+k] = i
			if kb := delta - k; odd && kb >= -(D-1) && kb <= D-1 && i+vb[off+kb] >= n {
				return a0 + si, b0 + sj, a0 + i, b0 + j
			}
		}
		for k := -D; k <= D; k += 2 {
			i := reach(vb, off, k, D)
			j := i - k
			si, sj := i, j
			for i < n && j < m && d.a[a1-1-i] == d.b[b1-1-j] {
				i, j = i+1, j+1
			}
			vb[off+k] = i
			if kf := delta - k; !odd && kf >= -D && kf <= D && vf[off+kf]+i >= n {
				return a1 - i, b1 - j, a1 - si, b1 - sj
			}
		}
	}
	panic("personas: no middle snake") // unreachable: the frontiers meet by D = ceil((N+M)/2)
}
