package preview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestRunExamples(t *testing.T) {
	t.Parallel()
	rs := rules(
		"*", "*", "allow",
		"bash", "rm *", "ask",
		"bash", "git push *", "deny",
		"webfetch", "*", "deny",
	)
	tests := []struct {
		name   string
		ex     Example
		ok     bool
		got    engine.Action
		ruleAt int
	}{
		{"allowed by the catch-all", Example{Expect: engine.Allow, Tool: "read", Value: "src/main.go"}, true, engine.Allow, 0},
		{"a shell command is split into its commands", Example{Expect: engine.Ask, Tool: "bash", Value: "make && rm -rf build"}, true, engine.Ask, 1},
		{"a wrapper is looked through", Example{Expect: engine.Deny, Tool: "bash", Value: "sudo git push origin main"}, true, engine.Deny, 2},
		{"a tool maps to its key", Example{Expect: engine.Deny, Tool: "fetch_content", Value: "https://x.test"}, true, engine.Deny, 3},
		{"a failure names the rule that decided", Example{Expect: engine.Ask, Tool: "edit", Value: "a.go"}, false, engine.Allow, 0},
		{"unreadable shell asks whatever the rules say", Example{Expect: engine.Allow, Tool: "bash", Value: "$CMD x"}, false, engine.Ask, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RunExamples(rs, []Example{tt.ex})[0]
			if got.OK != tt.ok || got.Got() != tt.got || got.Rule != tt.ruleAt {
				t.Errorf("RunExamples(%+v) = ok %v, got %s, rule %d; want ok %v, got %s, rule %d (%s)",
					tt.ex, got.OK, got.Got(), got.Rule, tt.ok, tt.got, tt.ruleAt, got.Message())
			}
		})
	}
}

func TestRunExamplesWithoutARule(t *testing.T) {
	t.Parallel()
	got := RunExamples(rules("read", "*", "allow"), []Example{{Expect: engine.Deny, Tool: "bash", Value: "ls"}})[0]
	if got.OK || got.Rule != -1 || got.Got() != engine.Ask {
		t.Fatalf("no rule matched: got %+v", got)
	}
	if want := `example bash "ls": expected deny, got ask <- no rule matched (default ask)`; got.Message() != want {
		t.Errorf("Message() = %q, want %q", got.Message(), want)
	}
}

func TestLintReportsFailingExamplesOnTheDecidingRule(t *testing.T) {
	t.Parallel()
	p := Persona{
		Rules: rules("*", "*", "deny", "read", "*", "allow"),
		Examples: []Example{
			{Expect: engine.Allow, Tool: "read", Value: "a"},
			{Expect: engine.Allow, Tool: "bash", Value: "ls", Line: 9, Col: 5},
		},
	}
	var got []string
	for _, pr := range Lint(p, nil) {
		if pr.Kind == LintExample {
			got = append(got, fmt.Sprintf("%d %s", pr.Rule, pr.Message))
		}
	}
	want := []string{`0 example bash "ls": expected allow, got deny <- rule 1 "*" "*" deny (test.md:2)`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("example problems:\n got %q\nwant %q", got, want)
	}
	// Moving the read rule first makes the catch-all decide reads: the passing example fails.
	p.Rules = rules("read", "*", "allow", "*", "*", "deny")
	n := 0
	for _, pr := range Lint(p, nil) {
		if pr.Kind == LintExample {
			n++
		}
	}
	if n != 2 {
		t.Errorf("after moving the read rule first: %d failing examples, want 2", n)
	}
}
