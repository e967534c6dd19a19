package personas

import (
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// keepName keeps, as LoadIndexed does for one name, the lines of the files that can define
// name and of the files that did not parse.
func keepName(name string) func(string, string, string) bool {
	want := map[string]bool{strings.ToLower(name): true}
	return func(n, _, base string) bool { return n == "" || wanted(want, base, n) }
}

// filtered is what some must read of t: every folder, and the files keep keeps.
func filtered(t indexText, keep func(string, string, string) bool) nameIndex {
	all := t.all()
	maps.DeleteFunc(all.Files, func(path string, e indexEntry) bool {
		return !keep(e.Name, filepath.Dir(path), filepath.Base(path))
	})
	return all
}

func TestIndexSomeReadsOnlyTheLinesKept(t *testing.T) {
	const (
		group  = "in\t/a/agents\n"
		rev    = "1\t2\t3\t4\treviewer\treviewer.md\n"
		bad    = "5\t6\t7\t8\t-\tbad.md\n"
		filler = "9\t10\t11\t12\tfiller\tfiller.md\n"
		named  = "13\t14\t15\t16\treviewer\tx.md\n"
		folder = "17\t18\t19\t20\t/\t/a/agents\n"
		other  = "in\t/b\n"
	)
	tests := []struct {
		name   string
		lines  string
		ok     bool
		parsed []string // the files read
	}{
		{"in order", folder + group + bad + filler + rev + named, true, []string{"/a/agents/bad.md", "/a/agents/reviewer.md", "/a/agents/x.md"}},
		{"a folder's line last", group + bad + filler + rev + folder, true, []string{"/a/agents/bad.md", "/a/agents/reviewer.md"}},
		{"two folders", group + bad + other + rev, true, []string{"/a/agents/bad.md", "/b/reviewer.md"}},
		{"lines that are not entries passed over", "junk\n\n" + rev + group + bad + "1\t2\treviewer\treviewer.md\n" + filler +
			"x\t2\t3\t4\treviewer\ts.md\n" + "1\t2\t3\t4\treviewer\tz/reviewer.md\n" + "in\t/a/../c\n" + rev, true, []string{"/a/agents/bad.md"}},
		{"files out of name order", group + rev + bad, false, nil},
		{"folders out of order", other + bad + group + rev, false, nil},
		{"a folder's files in two groups", group + bad + group + rev, true, []string{"/a/agents/bad.md", "/a/agents/reviewer.md"}},
		{"a folder twice, a file in both", group + rev + group + rev, false, nil},
		{"a file twice", group + filler + rev + strings.Replace(rev, "reviewer\t", "other\t", 1), false, nil},
		{"a file twice, neither line kept", group + filler + filler + rev, false, nil},
		{"empty", "", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := indexText{lines: tt.lines}
			got, ok := text.some(keepName("reviewer"))
			if ok != tt.ok {
				t.Fatalf("some() ok = %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if want := filtered(text, keepName("reviewer")); !reflect.DeepEqual(got, want) {
				t.Errorf("some() = %+v, want %+v", got, want)
			}
			if paths := slices.Sorted(maps.Keys(got.Files)); !slices.Equal(paths, tt.parsed) {
				t.Errorf("some() read the files %v, want %v", paths, tt.parsed)
			}
		})
	}
}

// Whatever the index file's lines, reading some of them either refuses or reads exactly what
// reading all of them and dropping the rest gives; and an index as marshal writes it is never
// refused.
func FuzzIndexSome(f *testing.F) {
	f.Add("5\t6\t7\t8\t/\t/a\nin\t/a\n12\t34\t56\t78\tplanner\tb.md\n1\t2\t3\t4\t-\tc.md\n", "planner")
	f.Add("in\t/a\n1\t2\t3\t4\tb\tz.md\n1\t2\t3\t4\tb\ta.md\n", "b")
	f.Add("in\t/a\n1\t2\t3\t4\tb\tb.md\nin\t/\n1\t2\t3\t4\t+other\tb.md\nin\t/a\n1\t2\t3\t4\tb\tb.md\n", "B")
	f.Add("in\t/a\n1\t2\t3\t4\t\tx.md\n-1\t2\t3\t4\tx\tx.md\tmore\nin\ta/\n1\t2\t3\t4\tx\t..\n", "x")
	f.Fuzz(func(t *testing.T, lines, name string) {
		keep := keepName(name)
		check := func(what string, text indexText, mustRead bool) {
			got, ok := text.some(keep)
			if !ok {
				if mustRead {
					t.Errorf("%s: refused", what)
				}
				return
			}
			if want := filtered(text, keep); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: some() = %+v, want %+v", what, got, want)
			}
		}
		text := indexText{lines: lines}
		check("as given", text, false)
		_, written, _ := strings.Cut(string(text.all().marshal()), "\n")
		check("as marshal writes it", indexText{lines: written}, true)
	})
}
