package trust

import (
	"strconv"
	"strings"
	"unicode"
)

// Shown is a project file's path as the status, the diffs and the CLI print it: as it is, or
// quoted when it holds a control character. A repository chooses its file names, and one with
// a newline in it would otherwise print as two lines, the second of them any text it likes
// ("agents/x.md changed" over a list that says otherwise).
func Shown(path string) string {
	if strings.ContainsFunc(path, unicode.IsControl) {
		return strconv.Quote(path)
	}
	return path
}
