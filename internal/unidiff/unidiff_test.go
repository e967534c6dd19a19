package unidiff

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, a, b, want string
	}{
		{"equal is empty", "x\n", "x\n", ""},
		{"one line changed with context", "1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nfive\n6\n7\n8\n",
			"--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"new file", "", "x\ny\n", "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"missing final newline is marked", "x\n", "x", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n"},
		{"far apart changes make two hunks", "a\n1\n2\n3\n4\n5\n6\n7\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
			"--- a\n+++ b\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n"},
	}
	for _, tt := range tests {
		if got := Diff("a", "b", []byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("%s: Diff(%q, %q)\n got %q\nwant %q", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}

// applyDiff applies a unified diff made by UnifiedDiff to a, to check that it says exactly
// how to get b.
func applyDiff(a []byte, diff string) ([]byte, bool) {
	src := splitLines(a)
	var out [][]byte
	pos := 0
	lines := strings.SplitAfter(diff, "\n")
	for i := 2; i < len(lines) && lines[i] != ""; i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "@@ -"):
			f := strings.Fields(l)[1][1:]
			start, _ := strconv.Atoi(strings.Split(f, ",")[0])
			if strings.HasSuffix(f, ",0") {
				start++
			}
			for pos < start-1 {
				out = append(out, src[pos])
				pos++
			}
		case strings.HasPrefix(l, "\\"):
			// The marker is about the line before it: a removed line needs nothing more.
			if lines[i-1][0] != '-' {
				last := out[len(out)-1]
				out[len(out)-1] = bytes.TrimSuffix(last, []byte("\n"))
			}
		case l[0] == ' ':
			out = append(out, src[pos])
			pos++
		case l[0] == '-':
			pos++
		case l[0] == '+':
			out = append(out, []byte(l[1:]))
		default:
			return nil, false
		}
	}
	out = append(out, src[pos:]...)
	return bytes.Join(out, nil), true
}

func FuzzUnifiedDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n")
	f.Add("", "x")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "0\n2\n3\n4\n5\n6\n7\n8\n9\n10\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		if strings.Contains(a, "\r") || strings.Contains(b, "\r") {
			return // the check below reads lines without \r handling
		}
		d := Diff("a", "b", []byte(a), []byte(b))
		if (d == "") != (a == b) {
			t.Fatalf("Diff(%q, %q) = %q", a, b, d)
		}
		if d == "" {
			return
		}
		got, ok := applyDiff([]byte(a), d)
		if !ok || string(got) != b {
			t.Fatalf("applying the diff of %q -> %q gives %q:\n%s", a, b, got, d)
		}
		// Kinds reads every line of the diff as what it is: only the two file headers
		// (and what follows the last newline) are outside the hunks.
		rows := strings.Split(d, "\n")
		for i, k := range Kinds(d) {
			if outside := i < 2 || i == len(rows)-1; (k == Other) != outside {
				t.Fatalf("Kinds of line %d %q = %d, want other %v:\n%s", i, rows[i], k, outside, d)
			}
		}
	})
}

// TestDiffLinesIsAShortestScript checks the edit script on many small inputs over a few
// distinct lines (where many scripts tie): it must turn x into y, and have exactly as many
// edits as a shortest script, counted by the textbook longest-common-subsequence table.
func TestDiffLinesIsAShortestScript(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	lines := func() [][]byte {
		out := make([][]byte, rng.IntN(14))
		for i := range out {
			out[i] = []byte{'a' + byte(rng.IntN(3)), '\n'}
		}
		return out
	}
	for range 3000 {
		x, y := lines(), lines()
		ops := diffLines(x, y)
		var gotX, gotY [][]byte
		edits := 0
		for _, o := range ops {
			switch o.kind {
			case opEqual:
				if !bytes.Equal(x[o.ai], y[o.bi]) {
					t.Fatalf("diffLines(%q, %q): equal op pairs %q with %q", x, y, x[o.ai], y[o.bi])
				}
				gotX, gotY = append(gotX, x[o.ai]), append(gotY, y[o.bi])
			case opDelete:
				gotX, edits = append(gotX, x[o.ai]), edits+1
			case opInsert:
				gotY, edits = append(gotY, y[o.bi]), edits+1
			}
		}
		if !bytes.Equal(bytes.Join(gotX, nil), bytes.Join(x, nil)) || !bytes.Equal(bytes.Join(gotY, nil), bytes.Join(y, nil)) {
			t.Fatalf("diffLines(%q, %q) = %v does not spell both sides", x, y, ops)
		}
		if want := len(x) + len(y) - 2*lcsLength(x, y); edits != want {
			t.Fatalf("diffLines(%q, %q) has %d edits; a shortest script has %d", x, y, edits, want)
		}
	}
}

// lcsLength is the length of a longest common subsequence of x and y, by the O(N·M) table.
func lcsLength(x, y [][]byte) int {
	prev, cur := make([]int, len(y)+1), make([]int, len(y)+1)
	for i := range x {
		for j := range y {
			switch {
			case bytes.Equal(x[i], y[j]):
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

// The diff of a 3,000-line prompt against a full rewrite allocates memory linear in the
// files (a few MB), not the 0.6 GB a saved frontier per edit cost. Allocation is counted, not
// timed, so machine load cannot change the answer.
func TestUnifiedDiffMemoryIsLinear(t *testing.T) {
	t.Parallel()
	old, rewritten := prompt3000("old"), prompt3000("new")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := Diff("a", "b", old, rewritten)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
		t.Errorf("diffing a 3,000-line rewrite allocated %d MB; want under 32 MB", got>>20)
	}
	if !strings.HasPrefix(d, "--- a\n+++ b\n@@ -3,3003 +3,3003 @@\n") {
		t.Errorf("the rewrite's diff starts %q", d[:min(len(d), 80)])
	}
}
