package decide

import (
	"fmt"
	"slices"
	"strings"
)

// The lines of an apply_patch text that name a file: Codex's and OpenCode's patch format adds,
// updates and deletes files on these header lines, and an update hunk may move its file.
var patchFileMarks = []string{"*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"}

// patchOtherMarks are the other header lines of the format, which name no file.
var patchOtherMarks = []string{"*** Begin Patch", "*** End Patch", "*** End of File"}

// PatchPaths are the files an apply_patch text adds, updates, deletes or moves to, in order,
// each once, as the patch spells them (relative to the agent's working directory, or absolute).
//
// Codex's own parser trims the space around a header line, so a header indented by the model
// still names a file: every line is read trimmed, and a line inside an added file's body that
// looks like a header is taken as one too (deciding one more path never lets a write through).
// A line starting with "***" that is no header of the format is an error: a later format could
// name a file on it, and a file the gate cannot see must not be written unseen.
func PatchPaths(text string) ([]string, error) {
	var out []string
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "***") {
			continue
		}
		if known(line, patchOtherMarks) {
			continue
		}
		mark, ok := fileMark(line)
		if !ok {
			return out, fmt.Errorf("line %d of the patch, %q, is no header of the apply_patch format; cannot tell which file it names", i+1, clip(line))
		}
		p := strings.TrimSpace(strings.TrimPrefix(line, mark))
		if p == "" {
			return out, fmt.Errorf("line %d of the patch, %q, names no file", i+1, clip(line))
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// fileMark is the file header line starts with.
func fileMark(line string) (string, bool) {
	for _, m := range patchFileMarks {
		if strings.HasPrefix(line, m) {
			return m, true
		}
	}
	return "", false
}

// known reports whether line is one of marks, or one of them followed by space (the patch's
// end marker may be followed by a heredoc's leftovers).
func known(line string, marks []string) bool {
	for _, m := range marks {
		if line == m || strings.HasPrefix(line, m+" ") {
			return true
		}
	}
	return false
}

// clip shortens s for a message.
func clip(s string) string {
	const n = 80
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
