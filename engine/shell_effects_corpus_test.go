package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// effectsBuilder is the closed corpus's builder persona with a deny of curl, so that every
// effect family has a rule standing for it: rm (deletes), curl (network), chmod (modes), chown
// (owners), sudo (privilege), git push (publishing); and package-manager and GitHub CLI
// credentials protected, which programs write and read by default.
var effectsBuilder = append(append(Ruleset{}, closedBuilder...), rules(
	"bash", "curl *", "deny",
	"edit", "~/.npmrc", "deny",
	"read", "~/.config/gh/*", "deny",
)...)

// TestEffectsCorpus checks shell/testdata/effects_corpus.jsonl: the other forms of an effect a
// persona denies or asks (deleting, reaching the network, changing modes or owners, raising
// privilege, publishing), readers of folders that hold protected files, and git aliases, under
// the deny-list persona and the allow-list one. Every case is also run in real bash
// (shell.TestClosedCorpusInBash). It reports the holes by class.
func TestEffectsCorpus(t *testing.T) {
	f, err := os.Open(filepath.Join("shell", "testdata", "effects_corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []closedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var c closedCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("effects_corpus.jsonl:%d: %v", line, err)
		}
		cases = append(cases, c)
	}
	if len(cases) < 400 {
		t.Fatalf("the corpus has %d cases, want at least 400", len(cases))
	}
	personas := []struct {
		name string
		pol  *Policy
		want func(closedCase) Action
	}{
		{"builder", &Policy{Persona: CompileWithHome(effectsBuilder, "/home/u")}, func(c closedCase) Action { return c.Builder }},
		{"ci", &Policy{Persona: CompileWithHome(ciPersona, "/home/u")}, func(c closedCase) Action { return c.CI }},
	}
	holes := map[string]int{}
	for _, c := range cases {
		for _, p := range personas {
			want := p.want(c)
			if want == "" {
				want = Allow
			}
			if d := p.pol.DecideTool("bash", c.Cmd); d.Action.rank() < want.rank() {
				holes[p.name+" "+c.Class]++
				t.Errorf("%s, %s: %q = %s, want at least %s\n%s", c.Class, p.name, c.Cmd, d.Action, want, describeDecision(d))
			}
		}
	}
	keys := make([]string, 0, len(holes))
	for k := range holes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("holes: %s: %d", k, holes[k])
	}
}
