package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// closedCase is one line of shell/testdata/closed_corpus.jsonl: a command that runs a program
// the rules deny (rm), writes or reads a file they protect, or slips options past an
// allow-list, and the least each persona must answer. Verify says how the real-bash harness
// (shell.TestClosedCorpusInBash) sees that it does what it tries.
type closedCase struct {
	Class   string `json:"class"`
	Cmd     string `json:"cmd"`
	Builder Action `json:"builder"`
	CI      Action `json:"ci"`
}

// closedBuilder is the builder persona with the protections the corpus aims at: git push and
// crontab ask, more files under edit protection, cloud credentials under read protection.
var closedBuilder = append(append(Ruleset{}, builderPersona...), rules(
	"bash", "git push *", "ask",
	"bash", "crontab *", "ask",
	"edit", "~/.profile", "deny",
	"edit", "~/.bash_logout", "deny",
	"edit", "~/.gitconfig", "deny",
	"edit", "~/.config/*", "deny",
	"edit", "/etc/*", "deny",
	"edit", "/var/spool/*", "deny",
	"edit", ".git/hooks/*", "deny",
	"read", "~/.aws/*", "deny",
)...)

func readClosedCorpus(t *testing.T) []closedCase {
	t.Helper()
	f, err := os.Open(filepath.Join("shell", "testdata", "closed_corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []closedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var c closedCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("closed_corpus.jsonl:%d: %v", line, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestClosedWorldCorpus checks every case of the closed-world corpus under a deny-list persona
// (builder) and an allow-list one (ci): the answer is at least the expected one. It reports
// the holes by class.
func TestClosedWorldCorpus(t *testing.T) {
	t.Parallel()
	cases := readClosedCorpus(t)
	if len(cases) < 600 {
		t.Fatalf("the corpus has %d cases, want at least 600", len(cases))
	}
	personas := []struct {
		name string
		pol  *Policy
		want func(closedCase) Action
	}{
		{"builder", &Policy{Persona: CompileWithHome(closedBuilder, "/home/u")}, func(c closedCase) Action { return c.Builder }},
		{"ci", &Policy{Persona: CompileWithHome(ciPersona, "/home/u")}, func(c closedCase) Action { return c.CI }},
	}
	holes := map[string]int{}
	for _, c := range cases {
		for _, p := range personas {
			want := p.want(c)
			if want == "" {
				want = Allow
			}
			d := p.pol.DecideTool("bash", c.Cmd)
			if d.Action.rank() < want.rank() {
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
