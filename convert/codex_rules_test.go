package convert

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestImportCodexRules(t *testing.T) {
	src := `# project rules
prefix_rule(
    pattern = ["git", ["push", "fetch"]],
    decision = "prompt",
    justification = "talks to the remote",
    match = [["git", "push", "origin"]],
    not_match = ["git status"],
)
prefix_rule(pattern = ["git"], decision = "allow")
prefix_rule(pattern = ['rm', '-rf'], decision = "forbidden")
host_executable(name = "git", paths = ["/usr/bin/git"])
`
	it, err := ImportCodexRules("default.rules", "codex-default", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "* * ask; read * allow; grep * allow; glob * allow; list * allow; bash git * allow; bash git push * ask; bash git fetch * ask; bash rm -rf * deny"
	if got := rulesText(it.Draft.Rules); got != want {
		t.Errorf("rules\n got %s\nwant %s", got, want)
	}
	p, text, err := it.Draft.Persona("codex-default.md")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(p.Examples) != 2 || !strings.Contains(string(text), "ask:\n    - \"bash: git push origin\"") && !strings.Contains(string(text), "bash: git push origin") {
		t.Errorf("examples %v\n%s", p.Examples, text)
	}
	for _, e := range p.Examples {
		if got := probePolicy(p.Rules).DecideShell("bash", e.Value).Action; got != e.Expect {
			t.Errorf("example %s listed under %s, decided %s", e, e.Expect, got)
		}
	}
	pol := probePolicy(p.Rules)
	for cmd, want := range map[string]engine.Action{"git status": engine.Allow, "git push origin": engine.Ask, "rm -rf /": engine.Deny, "ls": engine.Ask} {
		if got := pol.DecideShell("bash", cmd).Action; got != want {
			t.Errorf("%s: %s, want %s (Codex's strictest match)", cmd, got, want)
		}
	}
	if !hasLoss(it.Report, "default.rules:11:1 host_executable") {
		t.Errorf("host_executable is not reported: %+v", it.Report.Lost)
	}
	for _, bad := range []string{"prefix_rule(pattern = [\"git\"], decision = \"maybe\")", "prefix_rule(pattern = [\"git\"", "prefix_rule(pattern = \"git)\n", "x = 1"} {
		if _, err := ImportCodexRules("bad.rules", "b", []byte(bad)); err == nil || !strings.Contains(err.Error(), "bad.rules:") {
			t.Errorf("%q: want a positioned error, got %v", bad, err)
		}
	}
}

func FuzzImportCodexRules(f *testing.F) {
	f.Add("prefix_rule(pattern = [\"git\", [\"push\"]], decision = \"prompt\", match = [[\"git\", \"push\"]])\n")
	f.Add("# c\nprefix_rule(pattern=['a'],)\n")
	f.Fuzz(func(t *testing.T, src string) {
		it, err := ImportCodexRules("f.rules", "f", []byte(src))
		if err != nil {
			return
		}
		if _, _, err := it.Draft.Persona("f.md"); err != nil && !strings.Contains(err.Error(), "cannot be written") {
			t.Fatalf("an accepted rules file makes an invalid persona: %v\n%s", err, src)
		}
	})
}
