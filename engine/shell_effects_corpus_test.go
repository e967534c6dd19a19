package engine

import "testing"

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
	checkClosedCorpus(t, readCorpus[closedCase](t, "effects_corpus.jsonl", 400), effectsBuilder)
}
