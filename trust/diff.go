package trust

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/unidiff"
	"github.com/agentmgr/agentmgr/locations"
)

// FileDiff is what changed in one project file since the person trusted the project: what a
// person asked to trust it again reads before deciding.
type FileDiff struct {
	// Path is the file's path relative to the project's .pi folder, with / between elements.
	Path string `json:"path"`
	// Change is "added", "removed" or "changed".
	Change string `json:"change"`
	// Diff is the change as a unified diff, from the content the trust covers ("/dev/null"
	// for an added file) to the file as it is now ("/dev/null" for a removed one); "" when
	// Note says why it cannot be shown.
	Diff string `json:"diff,omitempty"`
	// Note says why there is no diff: the trust kept no copy (it was made before agentmgr
	// kept them), or a side is not a file read as content.
	Note string `json:"note,omitempty"`
}

// Diffs shows each file of st's Changes as a diff against the copy its trust kept. st is
// Of(d); a status without changes has no diffs. A copy is shown only when it holds what the
// trust recorded (its sum), and the project's files are read bounded, as a trust reads them.
func Diffs(d locations.Dirs, st Status) []FileDiff {
	if st.State != Changed {
		return nil
	}
	var out []FileDiff
	for _, c := range compare(st.trusted, st.Files) {
		out = append(out, fileDiff(d, c))
	}
	return out
}

func fileDiff(d locations.Dirs, c change) FileDiff {
	fd := FileDiff{Path: c.path(), Change: c.kind}
	fromName, toName := "/dev/null", "/dev/null"
	var then, now []byte
	if c.kind != "added" {
		fromName = Shown(fd.Path) + " (trusted)"
		if copyName(c.then.Sum) == "" {
			fd.Note = "when trusted, it was " + c.then.Sum + ": there is no content to compare"
			return fd
		}
		data, err := readCopy(d, c.then.Sum)
		if err != nil {
			fd.Note = err.Error() // "no copy of the trusted content: why"
			return fd
		}
		then = data
	}
	if c.kind != "removed" {
		toName = Shown(fd.Path) + " (now)"
		path := filepath.Join(d.Project, filepath.FromSlash(fd.Path))
		if throughLink(d, path) {
			fd.Note = "it is reached through a symbolic link: what the link points to is not shown here"
			return fd
		}
		data, sum := readFile(path)
		switch {
		case sum != c.now.Sum:
			// What is shown is what the status lists, which a trust of the files as shown
			// (TrustAsShown) then covers, or nothing.
			fd.Note = "it changed again since the trust was read: check again"
			return fd
		case data == nil:
			fd.Note = "it is now " + sum + ": there is no content to compare"
			return fd
		}
		now = data
	}
	if n := differingLines(then, now); n > maxDiffLines {
		fd.Note = fmt.Sprintf("too many lines differ to compare here (%d, over %d): look at the file itself", n, maxDiffLines)
		return fd
	}
	if fd.Diff = unidiff.Diff(fromName, toName, then, now); fd.Diff == "" {
		// then and now differ in their sums unless one side is an empty file.
		fd.Note = "the file is empty"
	}
	return fd
}

// maxDiffLines bounds the lines a diff compares, those of both sides but the ones they share
// at their start and end. A shortest edit script takes time with the product of the lines
// compared and the lines that differ: a persona file a repository grows to 4 MiB of short
// lines would hold agentmgr trust --diff, and the app's Trust screen, for hours. Up to the
// bound it takes well under a second.
const maxDiffLines = 10000

// differingLines counts the lines of a and b but those they share at their start and end.
func differingLines(a, b []byte) int {
	x, y := bytes.SplitAfter(a, []byte("\n")), bytes.SplitAfter(b, []byte("\n"))
	for len(x) > 0 && len(y) > 0 && bytes.Equal(x[0], y[0]) {
		x, y = x[1:], y[1:]
	}
	for len(x) > 0 && len(y) > 0 && bytes.Equal(x[len(x)-1], y[len(y)-1]) {
		x, y = x[:len(x)-1], y[:len(y)-1]
	}
	return len(x) + len(y)
}
