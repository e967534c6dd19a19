package personas

import (
	"bytes"
	"fmt"
	"strings"
)

// UnifiedDiff renders the change from a to b as a unified diff with three lines of context,
// headed "--- fromName" and "+++ toName"; "" when a and b are equal. Lines are compared with
// their line endings, so a change from LF to CRLF shows; a last line without a newline is
// marked the way diff(1) marks it.
func UnifiedDiff(fromName, toName string, a, b []byte) string {
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

// diffLines is Myers' shortest edit script between x and y, found greedily by diagonals and
// recovered from the saved frontiers. Persona files are small, so keeping every frontier
// (O(D·(N+M)) memory) costs nothing worth a cleverer method.
func diffLines(x, y [][]byte) []op {
	n, m := len(x), len(y)
	maxD := n + m
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	found := false
	for d := 0; d <= maxD && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				i = v[off+k+1]
			} else {
				i = v[off+k-1] + 1
			}
			j := i - k
			for i < n && j < m && bytes.Equal(x[i], y[j]) {
				i, j = i+1, j+1
			}
			v[off+k] = i
			if i >= n && j >= m {
				found = true
				break
			}
		}
	}
	// Walk back through the frontiers to recover the script.
	var rev []op
	i, j := n, m
	for d := len(trace) - 1; d >= 0 && (i > 0 || j > 0); d-- {
		vd := trace[d]
		k := i - j
		var prevK int
		if k == -d || k != d && vd[off+k-1] < vd[off+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevI := vd[off+prevK]
		prevJ := prevI - prevK
		for i > prevI && j > prevJ {
			i, j = i-1, j-1
			rev = append(rev, op{opEqual, i, j})
		}
		if d == 0 {
			break
		}
		if i == prevI {
			j--
			rev = append(rev, op{opInsert, i, j})
		} else {
			i--
			rev = append(rev, op{opDelete, i, j})
		}
	}
	for i > 0 && j > 0 {
		i, j = i-1, j-1
		rev = append(rev, op{opEqual, i, j})
	}
	out := make([]op, len(rev))
	for k := range rev {
		out[k] = rev[len(rev)-1-k]
	}
	return out
}
