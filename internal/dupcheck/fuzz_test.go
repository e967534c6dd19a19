package dupcheck

import (
	"strings"
	"testing"
)

func FuzzNormalize(f *testing.F) {
	f.Add("a.go", "package p\n\nimport (\n\t\"x\"\n)\n\n/* a\n*/ s := `b\n// c` // d\n}\n")
	f.Add("b.ts", "import { a } from 'a';\nconst s = `x\n${y}`; /* z */ 'q\\'' // r\n")
	f.Add("Makefile", "# c\nall:\n\t@echo '#'\n")
	f.Fuzz(func(t *testing.T, name, src string) {
		ls := Normalize(name, []byte(src))
		for i, l := range ls {
			if l.Text == "" || l.Text != strings.TrimSpace(l.Text) || lonePunctuation(l.Text) {
				t.Fatalf("line %d kept as %q: blank, untrimmed or punctuation", l.N, l.Text)
			}
			if i > 0 && ls[i-1].N >= l.N {
				t.Fatalf("line numbers do not rise: %d then %d", ls[i-1].N, l.N)
			}
		}
	})
}

func FuzzParseCeiling(f *testing.F) {
	f.Add("# c\n12\na.go ~ b.go\n")
	f.Add("x\n")
	f.Fuzz(func(t *testing.T, src string) {
		c, err := ParseCeiling("ceiling", []byte(src))
		if err != nil {
			return
		}
		var r Result
		for k := range c.Known {
			a, b, _ := strings.Cut(k, " ~ ")
			r.Pairs = append(r.Pairs, Pair{A: a, B: b})
		}
		again, err := ParseCeiling("ceiling", Format(r))
		if err != nil {
			t.Fatalf("the file Format wrote does not parse: %v", err)
		}
		if again.Most != len(r.Pairs) || len(again.Known) != len(c.Known) {
			t.Fatalf("round trip: %d pairs, %d known, want %d, %d", again.Most, len(again.Known), len(r.Pairs), len(c.Known))
		}
	})
}
