package unidiff

import (
	"strconv"
	"strings"
)

// Kind is what a line of a unified diff is, for a view that paints it.
type Kind byte

// The kinds of a diff's lines.
const (
	// Other is a line outside any hunk: a file's "--- " and "+++ " headers, or text around
	// the diff.
	Other Kind = iota
	// Hunk is a hunk's "@@ -a,b +c,d @@" header.
	Hunk
	// Context is a line both sides hold.
	Context
	// Removed is a line only the old side holds.
	Removed
	// Added is a line only the new side holds.
	Added
)

// Kinds tells what each line of text (lines cut at "\n") is. A hunk's lines are counted from
// its header, as patch(1) reads them: a removed line that itself starts with "--" (a removed
// "---" front-matter fence reads "----") is a removed line, not a file header, and the
// "\ No newline at end of file" marker belongs to the line before it.
func Kinds(text string) []Kind {
	rows := strings.Split(text, "\n")
	out := make([]Kind, len(rows))
	old, cur := 0, 0 // lines of the hunk still to come on each side
	for i, row := range rows {
		if strings.HasPrefix(row, `\`) && i > 0 && (out[i-1] == Context || out[i-1] == Removed || out[i-1] == Added) {
			out[i] = out[i-1] // the marker of the line before, which may end the hunk
			continue
		}
		if old > 0 || cur > 0 {
			switch {
			case strings.HasPrefix(row, " "):
				out[i], old, cur = Context, old-1, cur-1
				continue
			case strings.HasPrefix(row, "-") && old > 0:
				out[i], old = Removed, old-1
				continue
			case strings.HasPrefix(row, "+") && cur > 0:
				out[i], cur = Added, cur-1
				continue
			}
			old, cur = 0, 0 // not a hunk line: the hunk's header lied, read on as text
		}
		if a, b, ok := hunkHeader(row); ok {
			out[i], old, cur = Hunk, a, b
		}
	}
	return out
}

// hunkHeader reads "@@ -s[,n] +s[,n] @@..." into the two line counts.
func hunkHeader(row string) (old, cur int, ok bool) {
	rest, found := strings.CutPrefix(row, "@@ -")
	if !found {
		return 0, 0, false
	}
	oldRange, rest, found := strings.Cut(rest, " +")
	if !found {
		return 0, 0, false
	}
	curRange, _, found := strings.Cut(rest, " @@")
	if !found {
		return 0, 0, false
	}
	old, okOld := rangeCount(oldRange)
	cur, okCur := rangeCount(curRange)
	return old, cur, okOld && okCur
}

// rangeCount is the count of a hunk range "s,n", or 1 for "s".
func rangeCount(r string) (int, bool) {
	start, count, hasCount := strings.Cut(r, ",")
	if _, err := strconv.Atoi(start); err != nil {
		return 0, false
	}
	if !hasCount {
		return 1, true
	}
	n, err := strconv.Atoi(count)
	return n, err == nil && n >= 0
}
