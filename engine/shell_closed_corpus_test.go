package engine

import (
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

// TestClosedWorldCorpus checks every case of the closed-world corpus under a deny-list persona
// (builder) and an allow-list one (ci): the answer is at least the expected one. It reports
// the holes by class.
func TestClosedWorldCorpus(t *testing.T) {
	t.Parallel()
	checkClosedCorpus(t, readCorpus[closedCase](t, "closed_corpus.jsonl", 600), closedBuilder)
}

// checkClosedCorpus decides every case under builder (a deny-list persona) and the ci persona
// (an allow-list one) and fails each answer below the case's, then logs the holes by class.
func checkClosedCorpus(t *testing.T, cases []closedCase, builder Ruleset) {
	t.Helper()
	personas := []corpusPersona[closedCase]{
		{"builder", &Policy{Persona: CompileWithHome(builder, "/home/u")}, func(c closedCase) Action { return c.Builder }},
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
