package personas

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// keepName keeps, as LoadIndexed does for one name, the lines of the files that can define
// name and of the files that did not parse.
func keepName(name string) func(string, string) bool {
	want := map[string]bool{strings.ToLower(name): true}
	return func(n, path string) bool { return n == "" || wanted(want, path, n) }
}

// filtered is what some must read of t: every folder, and the files keep keeps.
func filtered(t indexText, keep func(string, string) bool) nameIndex {
	all := t.all()
	maps.DeleteFunc(all.Files, func(path string, e indexEntry) bool { return !keep(e.Name, path) })
	return all
}

func TestIndexSomeReadsOnlyTheLinesKept(t *testing.T) {
	const (
		rev    = "1\t2\t3\t4\treviewer\t/a/agents/reviewer.md\n"
		bad    = "5\t6\t7\t8\t-\t/a/agents/bad.md\n"
		filler = "9\t10\t11\t12\tfiller\t/a/agents/filler.md\n"
		named  = "13\t14\t15\t16\treviewer\t/a/agents/x.md\n"
		folder = "17\t18\t19\t20\t/\t/a/agents\n"
	)
	tests := []struct {
		name   string
		lines  string
		ok     bool
		parsed []string // the files read
	}{
		{"in path order", bad + filler + rev + named + folder, true, []string{"/a/agents/bad.md", "/a/agents/reviewer.md", "/a/agents/x.md"}},
		{"a folder's line first", folder + bad + filler + rev, true, []string{"/a/agents/bad.md", "/a/agents/reviewer.md"}},
		{"lines that are not entries passed over", "junk\n\n" + bad + "1\t2\treviewer\t/a/agents/reviewer.md\n" + filler + "x\t2\t3\t4\treviewer\t/a/agents/s.md\n", true, []string{"/a/agents/bad.md"}},
		{"out of path order", rev + bad + folder, false, nil},
		{"a path twice", filler + rev + strings.Replace(rev, "reviewer\t", "other\t", 1), false, nil},
		{"a path twice, neither line kept", filler + filler + rev, false, nil},
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
	f.Add("12\t34\t56\t78\tplanner\t/a/b.md\n1\t2\t3\t4\t-\t/a/c.md\n5\t6\t7\t8\t/\t/a\n", "planner")
	f.Add("1\t2\t3\t4\tb\t/a/z.md\n1\t2\t3\t4\tb\t/a/a.md\n", "b")
	f.Add("1\t2\t3\t4\tb\t/a/b.md\n1\t2\t3\t4\t+other\t/a/b.md\n", "B")
	f.Add("1\t2\t3\t4\t\t/a/x.md\n-1\t2\t3\t4\tx\t/a/x.md\tmore\n", "x")
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
