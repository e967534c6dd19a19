package dupcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Ceiling is the ceiling file: the most pairs the repository may hold, and the pairs it held
// when the ceiling was set, by Pair.Key, so that a check over it can name the new ones.
type Ceiling struct {
	Most  int
	Known map[string]bool
}

// ParseCeiling reads a ceiling file: lines starting with # are comments, the first other line
// is the ceiling, and each line after it a known pair's key. name is the file's name, for the
// errors.
func ParseCeiling(name string, data []byte) (Ceiling, error) {
	c := Ceiling{Most: -1, Known: map[string]bool{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if c.Most < 0 {
			most, err := strconv.Atoi(line)
			if err != nil || most < 0 {
				return c, fmt.Errorf("%s:%d:1: expected the ceiling, a whole number of pairs, got %q", name, n, line)
			}
			c.Most = most
			continue
		}
		if !strings.Contains(line, " ~ ") {
			return c, fmt.Errorf("%s:%d:1: expected a known pair, \"a.go ~ b.go\", got %q", name, n, line)
		}
		c.Known[line] = true
	}
	if err := sc.Err(); err != nil {
		return c, err
	}
	if c.Most < 0 {
		return c, fmt.Errorf("%s:%d:1: expected the ceiling, a whole number of pairs, found none", name, n+1)
	}
	return c, nil
}

// New lists the pairs of r that the ceiling does not know.
func (c Ceiling) New(r Result) []Pair {
	var out []Pair
	for _, p := range r.Pairs {
		if !c.Known[p.Key()] {
			out = append(out, p)
		}
	}
	return out
}

// ceilingHeader explains the file to whoever opens it.
const ceilingHeader = `# The duplicate-count ceiling, which may only go down. internal/dupcheck's test counts the
# pairs of places in the repository's Go, TypeScript, JavaScript and Makefile sources that share
# 6 or more lines (comments, blank lines, lone punctuation and import lines passed over, white
# space folded), and fails when there are more than the number below, naming the pairs that are
# not listed after it. Fold a new copy into what it copies rather than raise the number. Once
# you have folded some, lower it: go test ./internal/dupcheck -run TestRepository -update
`

// Format writes the ceiling file for r: its count as the ceiling, and its pairs as known.
func Format(r Result) []byte {
	var b bytes.Buffer
	b.WriteString(ceilingHeader)
	fmt.Fprintf(&b, "%d\n", len(r.Pairs))
	keys := make([]string, 0, len(r.Pairs))
	for _, p := range r.Pairs {
		keys = append(keys, p.Key())
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.WriteString(k + "\n")
	}
	return b.Bytes()
}
