package personas

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// variedPersona has n rules of every form a rule map takes: plain and quoted patterns,
// comments between and after entries, blank lines, rules with a reason over several lines,
// and a second, smaller map after the big one.
func variedPersona(n int) []byte {
	var b strings.Builder
	b.WriteString("---\nname: varied\ndescription: many rules\npermissions:\n  \"*\": ask\n  bash:\n")
	for i := range n {
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "    \"tool%05d *\": allow\n", i)
		case 1:
			fmt.Fprintf(&b, "    # rule %d\n    cmd%05d: deny\n\n", i, i)
		case 2:
			fmt.Fprintf(&b, "    'quoted %05d *':\n      action: deny\n      reason: >-\n        a reason\n        on two lines\n", i)
		case 3:
			fmt.Fprintf(&b, "    \"x%05d\": {action: ask, reason: \"why: %d\"}   # trailing\n", i, i)
		default:
			fmt.Fprintf(&b, "    \"other%05d\":   allow\n", i)
		}
	}
	b.WriteString("  edit:\n    \"*\": ask\n    \"src/*\": allow\n---\nBody.\n")
	return []byte(b.String())
}

// A large rule map parsed in chunks (with or without a duplicate key far from its first use) gives the persona and the problems, with their lines and
// columns, that parsing it whole gives.
func TestChunkedParseMatchesTheWholeParse(t *testing.T) {
	for _, n := range []int{1200, 5000, -5000} {
		data := variedPersona(max(n, -n))
		if n < 0 {
			data = []byte(strings.Replace(string(data), "  edit:\n", "    \"tool00000 *\": deny\n  edit:\n", 1))
		}
		chunked, chunkedProbs := Parse("varied.md", data, ScopeGlobal)
		old := chunkMinLines
		chunkMinLines = 1 << 30
		whole, wholeProbs := Parse("varied.md", data, ScopeGlobal)
		chunkMinLines = old
		if (chunked == nil) != (whole == nil) || n > 0 && chunked == nil {
			t.Fatalf("%d rules: the chunked parse gives %v, the whole %v (%d and %d problems)", n, chunked != nil, whole != nil, len(chunkedProbs), len(wholeProbs))
		}
		if chunked != nil && !reflect.DeepEqual(chunked.Rules, whole.Rules) {
			t.Errorf("%d rules: the chunked parse has %d rules, the whole %d, or they differ", n, len(chunked.Rules), len(whole.Rules))
		}
		if !reflect.DeepEqual(chunkedProbs, wholeProbs) || n < 0 && len(Errors(chunkedProbs)) != 1 {
			t.Errorf("%d rules: problems differ:\nchunked %.500v\nwhole   %.500v", n, chunkedProbs, wholeProbs)
		}
	}
}

// A chunk that does not parse reports the error the whole parse reports, at the same line.
func TestChunkedParseReportsABrokenChunk(t *testing.T) {
	data := variedPersona(3000)
	broken := []byte(strings.Replace(string(data), "    cmd02001: deny\n", "    cmd02001: [deny\n", 1))
	_, chunked := Parse("varied.md", broken, ScopeGlobal)
	old := chunkMinLines
	chunkMinLines = 1 << 30
	_, whole := Parse("varied.md", broken, ScopeGlobal)
	chunkMinLines = old
	if len(Errors(chunked)) == 0 || Errors(chunked)[0].Line != Errors(whole)[0].Line {
		t.Errorf("a broken entry in a late chunk: %v, want the whole parse's %v", Errors(chunked), Errors(whole))
	}
}

// The persona the tests compare is large enough to be parsed in chunks.
func TestVariedPersonaIsParsedInChunks(t *testing.T) {
	data := string(variedPersona(1200))
	fm := data[len("---\n") : strings.Index(data, "\n---\n")+1]
	if _, ok, err := parseLargeMapping([]byte(fm)); !ok || err != nil {
		t.Errorf("parseLargeMapping of 1,200 rules: ok %v, %v; want it parsed in chunks", ok, err)
	}
}

// FuzzChunkedParse puts arbitrary text among the entries of a large rule map: the chunked
// parse must give the persona (rules and lines) the whole parse gives, or fail as it does.
func FuzzChunkedParse(f *testing.F) {
	for _, s := range []string{"    extra: allow\n", "    - item\n", "  back: out\n", "    'q: x': ask\n    # c\n", "    k: |\n      text\n", "\t\n", "    a: [b,\n      c]\n"} {
		f.Add(s)
	}
	base := string(variedPersona(1100))
	at := strings.Index(base, "    cmd00601: deny\n")
	f.Fuzz(func(t *testing.T, extra string) {
		if strings.Contains(extra, "---") {
			return // a frontmatter marker ends the frontmatter: another file
		}
		data := []byte(base[:at] + extra + base[at:])
		chunked, cp := Parse("f.md", data, ScopeGlobal)
		old := chunkMinLines
		chunkMinLines = 1 << 30
		whole, wp := Parse("f.md", data, ScopeGlobal)
		chunkMinLines = old
		if (chunked == nil) != (whole == nil) || len(Errors(cp)) != len(Errors(wp)) {
			t.Fatalf("with %q: chunked %v (%.300v), whole %v (%.300v)", extra, chunked != nil, Errors(cp), whole != nil, Errors(wp))
		}
		if chunked != nil && !reflect.DeepEqual(chunked.Rules, whole.Rules) {
			t.Fatalf("with %q: the rules differ", extra)
		}
	})
}
