package replay

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// entry is a logged decision of call "tool|value" with action, and with an always (or reject)
// reply when reply is set.
func entries(spec ...string) []reviewlog.Entry {
	var out []reviewlog.Entry
	for i, s := range spec {
		f := strings.SplitN(s, "|", 4) // action|reply|tool|value
		at := t0.Add(time.Duration(i) * time.Minute)
		e := reviewlog.Entry{Time: at, Event: reviewlog.EventDecision, Agent: "dev", Session: "s", Tool: f[2], Values: []string{f[3]}, Action: f[0]}
		if f[1] != "" {
			e.Request = fmt.Sprintf("r%d", i)
		}
		out = append(out, e)
		if f[1] != "" {
			act := "allow"
			if f[1] == "reject" {
				act = "deny"
			}
			out = append(out, reviewlog.Entry{Time: at.Add(time.Second), Event: reviewlog.EventReply, Request: e.Request, Agent: "dev", Session: "s", Tool: f[2], Values: e.Values, Action: act, Reply: f[1]})
		}
	}
	return out
}

func ruleTexts(rs engine.Ruleset) []string {
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%s %q %s", r.Permission, r.Pattern, r.Action))
	}
	return out
}

func TestSuggest(t *testing.T) {
	l := FromEntries(entries(
		"allow||bash|git status",
		"allow||bash|git diff HEAD",
		"ask|always|bash|go test ./... && go vet ./...",
		"ask|once|bash|make install",
		"ask|reject|bash|git push origin main",
		"allow||read|src/a/main.go",
		"allow||read|src/a/util.go",
		"deny||read|src/a/.env",
		"allow||todo|",
		"deny||bash|rm -rf /",
	))
	s, err := Suggest(l, "dev", engine.Deny)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`* "*" deny`,
		`bash "git diff *" allow`,
		`bash "git status *" allow`,
		`bash "go test *" allow`,
		`bash "go vet *" allow`,
		`read "src/a/main.go" allow`,
		`read "src/a/util.go" allow`,
		`todo "*" allow`,
	}
	if got := ruleTexts(s.Rules); !slices.Equal(got, want) {
		t.Errorf("suggested rules:\n got %q\nwant %q", got, want)
	}
	if len(s.Kept) != 6 || len(s.Refused) != 3 || len(s.Unkept) != 0 {
		t.Errorf("kept %d, refused %d, unkept %v; want 6, 3, none", len(s.Kept), len(s.Refused), s.Unkept)
	}
}

func TestSuggestFallsBackToTheCallWhenTheApprovalSuggestionAllowsARefusedCall(t *testing.T) {
	l := FromEntries(entries("allow||bash|git status", "allow||bash|git status -s", "deny||bash|git push", "allow||bash|git push --dry-run",
		"allow||edit|pkg/x/a.go", "allow||edit|pkg/x/b.go", "ask|reject|edit|pkg/y/.env", "allow||edit|pkg/y/go.mod"))
	s, err := Suggest(l, "", engine.Ask)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`* "*" ask`, `bash "git push --dry-run" allow`, `bash "git status *" allow`, `edit "pkg/x/*" allow`, `edit "pkg/y/go.mod" allow`}
	if got := ruleTexts(s.Rules); !slices.Equal(got, want) {
		t.Errorf("suggested rules:\n got %q\nwant %q", got, want)
	}
}

func TestSuggestCannotKeepUnreadableShell(t *testing.T) {
	l := FromEntries(entries("allow||bash|$CMD --all"))
	s, err := Suggest(l, "", engine.Ask)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Unkept) != 1 || !strings.Contains(s.Unkept[0].Why, "cannot read") || len(s.Rules) != 1 {
		t.Errorf("an unreadable command: rules %q, unkept %+v", ruleTexts(s.Rules), s.Unkept)
	}
	if _, err := Suggest(l, "", engine.Allow); err == nil {
		t.Errorf("Suggest with an allow default: no error")
	}
}

// The suggestion is never looser than the log: every call it keeps is allowed, no call the log
// shows refused (and never allowed) is allowed, and every allow rule is needed by a kept call.
func TestSuggestIsNeverLooserThanTheLog(t *testing.T) {
	words := []string{"git", "go", "rm", "ls", "cat", "make", "npm"}
	args := []string{"", " status", " push", " -rf /", " a*b", " ?", " x", " test ./...", " run build"}
	paths := []string{"src/a.go", "src/b.go", "src/.env", "docs/x.md", "a", "/etc/passwd", "src/sub/c*.go"}
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 7))
		var spec []string
		for range 3 + rng.IntN(25) {
			action := []string{"allow", "ask", "deny"}[rng.IntN(3)]
			reply := ""
			if action == "ask" {
				reply = []string{"", "once", "always", "reject"}[rng.IntN(4)]
			}
			tool, value := "bash", words[rng.IntN(len(words))]+args[rng.IntN(len(args))]
			switch rng.IntN(4) {
			case 0:
				tool, value = "read", paths[rng.IntN(len(paths))]
			case 1:
				value += " && " + words[rng.IntN(len(words))] + args[rng.IntN(len(args))]
			}
			spec = append(spec, strings.Join([]string{action, reply, tool, value}, "|"))
		}
		l := FromEntries(entries(spec...))
		s, err := Suggest(l, "dev", engine.Deny)
		if err != nil {
			t.Fatal(err)
		}
		pol := engine.NewPolicy(s.Rules)
		kept, refused := distinctCalls(l, "dev")
		unkept := map[string]bool{}
		for _, u := range s.Unkept {
			unkept[callID(u.Call)] = true
		}
		if len(s.Kept)+len(s.Unkept) != len(kept) {
			t.Fatalf("seed %d: %d kept + %d unkept, but the log allowed %d distinct calls", seed, len(s.Kept), len(s.Unkept), len(kept))
		}
		for _, c := range kept {
			if got := pol.DecideKeyValues(c.Key, c.Values).Action; got != engine.Allow && !unkept[callID(c)] {
				t.Errorf("seed %d: the log allowed %s but the suggestion %q gives %s", seed, describe(c), ruleTexts(s.Rules), got)
			}
		}
		for _, c := range refused {
			if got := pol.DecideKeyValues(c.Key, c.Values).Action; got == engine.Allow {
				t.Errorf("seed %d: the log refused %s but the suggestion %q allows it\nlog %q", seed, describe(c), ruleTexts(s.Rules), spec)
			}
		}
		for i := 1; i < len(s.Rules); i++ {
			without := engine.NewPolicy(slices.Delete(slices.Clone(s.Rules), i, i+1))
			needed := slices.ContainsFunc(s.Kept, func(c Call) bool {
				return without.DecideKeyValues(c.Key, c.Values).Action != engine.Allow
			})
			if !needed {
				t.Errorf("seed %d: rule %s is not needed by any kept call; rules %q", seed, ruleTexts(s.Rules[i:i+1]), ruleTexts(s.Rules))
			}
		}
	}
}

func TestSuggestionExamplesPassOnTheSuggestion(t *testing.T) {
	l := FromEntries(entries("allow||bash|git status", "deny||bash|rm -rf /", "allow||read|src/a.go", "allow||todo|",
		"allow||bash|echo \"a\nb\"", "ask|reject|edit|x.go"))
	s, err := Suggest(l, "", engine.Deny)
	if err != nil {
		t.Fatal(err)
	}
	exs := s.Examples(engine.Deny, 2)
	var got []string
	for _, ex := range exs {
		got = append(got, string(ex.Expect)+" "+ex.String())
	}
	want := []string{"allow bash: git status", "allow read: src/a.go", "deny bash: rm -rf /", "deny edit: x.go"}
	if !slices.Equal(got, want) {
		t.Errorf("examples:\n got %q\nwant %q", got, want)
	}
	pol := engine.NewPolicy(s.Rules)
	for _, ex := range exs {
		if d := pol.DecideTool(ex.Tool, ex.Value); d.Action != ex.Expect {
			t.Errorf("the suggestion gives %s %q %s, its example expects %s", ex.Tool, ex.Value, d.Action, ex.Expect)
		}
	}
}
