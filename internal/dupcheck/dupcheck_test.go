package dupcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// body is eight lines of code that count; a copy of it is a pair, its first five are not.
const body = `	total := 0
	for _, x := range xs {
		total += x * weight
		seen[x] = true
	}
	if total > limit {
		return errTooMany
	}
	log.Printf("sum %d", total)
	return nil
`

// goFile is a Go file of package and function name, with head before the function and code
// its body: two files of other names share the body alone.
func goFile(name, head, code string) string {
	return "package " + name + "\n\n" + head + "func " + name + "(xs []int) error {\n" + code + "}\n"
}

func lines(code string, keep int) string {
	ls := strings.SplitAfter(code, "\n")
	return strings.Join(ls[:keep], "")
}

func TestFindPairs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  []string // Pair.String of each pair found
	}{
		{
			name:  "a copy of seven lines is a pair",
			files: map[string]string{"a.go": goFile("a", "", body), "b.go": goFile("b", "", body)},
			want:  []string{"a.go:4-13 ~ b.go:4-13 (8 lines)"},
		},
		{
			name: "five shared lines are a near miss",
			files: map[string]string{
				"a.go": goFile("a", "", lines(body, 6)),
				"b.go": goFile("b", "", lines(body, 6)),
			},
		},
		{
			name: "comments, blank lines, indentation and imports do not hide a copy",
			files: map[string]string{
				"a.go": goFile("a", "import (\n\t\"log\"\n)\n\n", body),
				"b.go": goFile("b", "import \"log\"\n", "  // adds them up\n"+strings.ReplaceAll(body, "\t", "    ")+"\n/* the end */\n"),
			},
			want: []string{"a.go:8-17 ~ b.go:6-15 (8 lines)"},
		},
		{
			name: "files that only import the same packages are no pair",
			files: map[string]string{
				"a.go": "package a\n\nimport (\n\t\"a\"\n\t\"b\"\n\t\"c\"\n\t\"d\"\n\t\"e\"\n\t\"f\"\n)\n",
				"b.go": "package b\n\nimport (\n\t\"a\"\n\t\"b\"\n\t\"c\"\n\t\"d\"\n\t\"e\"\n\t\"f\"\n)\n",
			},
		},
		{
			name: "a line changed in the middle leaves two runs too short to pair",
			files: map[string]string{
				"a.go": goFile("a", "", body),
				"b.go": goFile("b", "", strings.Replace(body, "seen[x] = true", "seen[x] = false", 1)),
			},
		},
		{
			name:  "two copies in one file are a pair of that file",
			files: map[string]string{"a.go": goFile("a", "", body) + "func g(xs []int) error {\n" + body + "}\n"},
			want:  []string{"a.go:4-13 ~ a.go:16-25 (8 lines)"},
		},
		{
			name: "a TypeScript copy of a JavaScript function is a pair",
			files: map[string]string{
				"x.js": "import { a } from \"a\";\n" + jsBody,
				"y.ts": "import type { B } from \"b\";\n// y\n" + jsBody,
			},
			want: []string{"x.js:2-7 ~ y.ts:3-8 (6 lines)"},
		},
		{
			name: "a URL in a string is code, not a comment",
			files: map[string]string{
				"a.go": goFile("a", "", urls("a")),
				"b.go": goFile("b", "", urls("b")),
			},
		},
		{
			name:  "files that do not count are not read",
			files: map[string]string{"a.md": body, "b.md": body, "c.yaml": body},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, text := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sources, err := Sources(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range Find(sources).Pairs {
				got = append(got, p.String())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("pairs = %q, want %q", got, tt.want)
			}
		})
	}
}

// urls is six lines alike up to a URL's host, which differs by host.
func urls(host string) string {
	var b strings.Builder
	for i := range 6 {
		fmt.Fprintf(&b, "\tget(%d, \"http://%s/\")\n", i, host)
	}
	return b.String()
}

const jsBody = `function ask(call) {
  const line = JSON.stringify(call);
  pending.set(call.id, line);
  child.stdin.write(line + "\n");
  timer = setTimeout(expire, 5000);
  return waitFor(call.id);
}
`

func TestFindPassesOverRunsTooCommonToPair(t *testing.T) {
	t.Parallel()
	var sources []Source
	for i := range MostPlaces + 1 {
		name := string(rune('a' + i))
		sources = append(sources, Source{Path: name + ".go", Lines: Normalize(name+".go", []byte(goFile(name, "", body)))})
	}
	got := Find(sources)
	if len(got.Pairs) != 0 || got.Common == 0 {
		t.Errorf("a run in %d places: %d pairs and %d common runs, want none and some", MostPlaces+1, len(got.Pairs), got.Common)
	}
	got = Find(sources[:MostPlaces])
	if want := MostPlaces * (MostPlaces - 1) / 2; len(got.Pairs) != want {
		t.Errorf("a run in %d places: %d pairs, want %d", MostPlaces, len(got.Pairs), want)
	}
}

func TestNormalizeDropsWhatSaysNothing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, src string
		want            []string
	}{
		{"lone punctuation", "a.go", "x := f(\n\ta,\n)\n}\n})\n", []string{"x := f(", "a,"}},
		{"a block comment over lines", "a.go", "a /* one\ntwo */ b\n", []string{"a", "b"}},
		{"a raw string over lines keeps its slashes", "a.go", "s := `a\n// b`\n", []string{"s := `a", "// b`"}},
		{"a rune quote", "a.go", "r := '\"' // q\n", []string{`r := '"'`}},
		{"a Makefile comment", "Makefile", "# build\nbuild:\n\tgo  build\n", []string{"build:", "go build"}},
		{"a require", "x.js", "const fs = require(\"fs\");\nfs.x();\n", []string{"fs.x();"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, l := range Normalize(tt.file, []byte(tt.src)) {
				got = append(got, l.Text)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Normalize = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCeilingNamesOnlyTheNewPairs(t *testing.T) {
	t.Parallel()
	r := Result{Pairs: []Pair{{A: "a.go", B: "b.go", Runs: 1}, {A: "c.go", B: "d.go", Runs: 1}}}
	c, err := ParseCeiling("ceiling", Format(Result{Pairs: r.Pairs[:1]}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Most != 1 {
		t.Errorf("ceiling = %d, want 1", c.Most)
	}
	if got := c.New(r); len(got) != 1 || got[0].Key() != "c.go ~ d.go" {
		t.Errorf("new pairs = %v, want c.go ~ d.go alone", got)
	}
}

func TestParseCeilingSaysWhereAndWhat(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, src, want string }{
		{"no number", "# only a comment\n", "ceiling:2:1: expected the ceiling"},
		{"not a number", "many\n", "ceiling:1:1: expected the ceiling, a whole number of pairs, got \"many\""},
		{"not a pair", "3\na.go b.go\n", "ceiling:2:1: expected a known pair"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseCeiling("ceiling", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}
