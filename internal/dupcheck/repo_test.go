package dupcheck

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// update rewrites the ceiling file with today's count and pairs; it refuses to raise the
// ceiling.
var update = flag.Bool("update", false, "lower scripts/dup-ceiling.txt to the count found now")

// root is the repository, seen from this package's folder, where go test runs.
const root = "../.."

var ceilingFile = filepath.Join(root, "scripts", "dup-ceiling.txt")

func TestRepositoryDuplicatesStayUnderTheCeiling(t *testing.T) {
	sources, err := Sources(root)
	if err != nil {
		t.Fatal(err)
	}
	found := Find(sources)
	data, err := os.ReadFile(ceilingFile)
	if err != nil {
		t.Fatal(err)
	}
	ceiling, err := ParseCeiling("scripts/dup-ceiling.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	n := len(found.Pairs)
	if *update {
		if n > ceiling.Most {
			t.Fatalf("%d pairs is more than the ceiling of %d: the ceiling may only go down", n, ceiling.Most)
		}
		if err := atomicfile.Write(ceilingFile, Format(found), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("ceiling set to %d pairs", n)
		return
	}
	if n > ceiling.Most {
		var rows []string
		for _, p := range ceiling.New(found) {
			rows = append(rows, "  "+p.String())
		}
		if len(rows) == 0 {
			rows = append(rows, "  none by their files: a pair folded away earlier came back")
		}
		t.Fatalf("%d pairs of places share %d or more lines, more than the ceiling of %d in scripts/dup-ceiling.txt; "+
			"fold the copy into what it copies (a shared function, a table, a test helper) rather than raise the ceiling. "+
			"Pairs the ceiling does not know:\n%s", n, MinLines, ceiling.Most, strings.Join(rows, "\n"))
	}
	if n < ceiling.Most {
		t.Logf("%d pairs, under the ceiling of %d: lower it with go test ./internal/dupcheck -run TestRepository -update", n, ceiling.Most)
	}
}
