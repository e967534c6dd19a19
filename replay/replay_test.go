package replay

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// rules builds a ruleset from permission, pattern, action triples, sourced at lines 2, 3, ...
func rules(triples ...string) engine.Ruleset {
	var rs engine.Ruleset
	for i := 0; i+2 < len(triples); i += 3 {
		rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2]),
			Source: engine.Source{Kind: engine.FromFile, Name: "p.md", Line: i/3 + 2}})
	}
	return rs
}

// logOf decides calls with rules as the gate would and writes the log entries it would write;
// each call is "agent|session|tool|value", and a value "ask->always:PATTERN" style reply is
// given by replies (request id -> reply and stored patterns).
func logOf(rs engine.Ruleset, calls ...string) []reviewlog.Entry {
	pol := engine.NewPolicy(rs)
	var out []reviewlog.Entry
	for i, c := range calls {
		f := strings.SplitN(c, "|", 4)
		d := pol.DecideToolValues(f[2], []string{f[3]})
		e := reviewlog.DecisionEntry(t0.Add(time.Duration(i)*time.Minute), approvals.Call{Session: f[1], Agent: f[0], Tool: f[2], Values: []string{f[3]}}, d, nil)
		out = append(out, e)
	}
	return out
}

func changedText(r Result) []string {
	var out []string
	for _, c := range r.Changed {
		rule := "none"
		if c.Now.Rule != nil {
			rule = c.Now.Rule.Pattern
		}
		out = append(out, fmt.Sprintf("%s %s->%s by %q", strings.Join(c.Values, ";"), c.Action, c.Now.Action, rule))
	}
	return out
}

func TestReplayMovingOneRuleChangesExactlyItsCalls(t *testing.T) {
	saved := rules("*", "*", "ask", "bash", "git *", "allow", "bash", "git push *", "deny", "read", "*", "allow")
	entries := logOf(saved,
		"dev|s1|bash|git status",
		"dev|s1|bash|git push origin main",
		"dev|s1|bash|ls",
		"dev|s1|read|a.go",
		"dev|s2|bash|git diff && git push --force",
		"dev|s2|bash|git log",
		"other|s3|bash|git push",
	)
	l := FromEntries(entries)
	// Unchanged rules change nothing.
	if r := Replay(l, engine.NewPolicy(saved), Options{Agent: "dev"}); r.Calls != 6 || len(r.Changed) != 0 {
		t.Fatalf("replay of the saved rules: %d calls, changed %q; want 6 calls, none changed", r.Calls, changedText(r))
	}
	// Moving the git push deny above git * lets every push through.
	draft := rules("*", "*", "ask", "bash", "git push *", "deny", "bash", "git *", "allow", "read", "*", "allow")
	r := Replay(l, engine.NewPolicy(draft), Options{Agent: "dev"})
	want := []string{
		`git push origin main deny->allow by "git *"`,
		`git diff && git push --force deny->allow by "git *"`,
	}
	if got := changedText(r); !slices.Equal(got, want) {
		t.Errorf("changed calls:\n got %q\nwant %q", got, want)
	}
	// With every agent's calls, the other agent's push changes too.
	if r := Replay(l, engine.NewPolicy(draft), Options{}); r.Calls != 7 || len(r.Changed) != 3 {
		t.Errorf("replay of every call: %d calls, changed %q; want 7 and 3", r.Calls, changedText(r))
	}
	// Since and Last narrow the calls.
	if r := Replay(l, engine.NewPolicy(draft), Options{Agent: "dev", Since: t0.Add(3 * time.Minute)}); r.Calls != 3 || len(r.Changed) != 1 {
		t.Errorf("since minute 3: %d calls, changed %q; want 3 and 1", r.Calls, changedText(r))
	}
	if r := Replay(l, engine.NewPolicy(draft), Options{Agent: "dev", Last: 1}); r.Calls != 1 || len(r.Changed) != 0 {
		t.Errorf("last 1: %d calls, changed %q; want 1 and 0", r.Calls, changedText(r))
	}
}

func TestReplayKeepsWhatASessionAllowed(t *testing.T) {
	rs := rules("*", "*", "ask", "bash", "rm *", "deny")
	pol := engine.NewPolicy(rs)
	ask := pol.DecideToolValues("bash", []string{"ls"})
	req := &approvals.Request{ID: "r1", Session: "s1", Agent: "dev", Tool: "bash", Permission: "bash", Values: []string{"ls"}}
	stored := engine.Rule{Permission: "bash", Pattern: "ls *", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession}}
	session := &engine.Policy{Persona: engine.Compile(rs), Session: engine.Compile(engine.Ruleset{stored})}
	later := session.DecideToolValues("bash", []string{"ls -la"})
	entries := []reviewlog.Entry{
		reviewlog.DecisionEntry(t0, approvals.Call{Session: "s1", Agent: "dev", Tool: "bash", Values: []string{"ls"}}, ask, req),
		reviewlog.ReplyEntry(t0.Add(time.Second), *req, approvals.Resolution{Action: engine.Allow, Reply: approvals.Always, By: approvals.ByPerson, Rules: engine.Ruleset{stored}}),
		reviewlog.DecisionEntry(t0.Add(time.Minute), approvals.Call{Session: "s1", Agent: "dev", Tool: "bash", Values: []string{"ls -la"}}, later, nil),
		reviewlog.DecisionEntry(t0.Add(2*time.Minute), approvals.Call{Session: "s2", Agent: "dev", Tool: "bash", Values: []string{"ls -la"}}, ask, nil),
	}
	if later.Action != engine.Allow {
		t.Fatalf("setup: the session rule does not allow: %+v", later)
	}
	l := FromEntries(entries)
	if got := l.Calls[0].Reply; got != "always" {
		t.Errorf("the ask's reply: %q, want always", got)
	}
	if r := Replay(l, pol, Options{}); len(r.Changed) != 0 {
		t.Errorf("replay with the same rules changed %q; the session allowed ls -la", changedText(r))
	}
	// A deny in the draft wins over the session's allow.
	r := Replay(l, engine.NewPolicy(rules("*", "*", "ask", "bash", "ls *", "deny")), Options{})
	want := []string{`ls ask->deny by "ls *"`, `ls -la allow->deny by "ls *"`, `ls -la ask->deny by "ls *"`}
	if got := changedText(r); !slices.Equal(got, want) {
		t.Errorf("changed calls:\n got %q\nwant %q", got, want)
	}
}

func TestFromEntriesMapsClaudeToolNames(t *testing.T) {
	l := FromEntries([]reviewlog.Entry{{Time: t0, Event: reviewlog.EventDecision, Tool: "Bash", Values: []string{"ls"}, Action: "ask"}})
	if l.Calls[0].Key != "bash" {
		t.Errorf("a Claude Code Bash call without a permission: key %q, want bash", l.Calls[0].Key)
	}
	r := Replay(l, engine.NewPolicy(rules("bash", "ls *", "allow")), Options{})
	if len(r.Changed) != 1 || r.Changed[0].Now.Action != engine.Allow {
		t.Errorf("replay of a Claude Code Bash call: %q", changedText(r))
	}
}

func TestReplaySkipsClippedValues(t *testing.T) {
	long := "echo " + strings.Repeat("x", reviewlog.MaxValueBytes+10)
	pol := engine.NewPolicy(rules("bash", "echo *", "allow"))
	d := pol.DecideToolValues("bash", []string{long})
	dir := t.TempDir()
	lg := reviewlog.New(dir+"/review.jsonl", reviewlog.Options{})
	if err := lg.Append(reviewlog.DecisionEntry(t0, approvals.Call{Agent: "dev", Tool: "bash", Values: []string{long}}, d, nil)); err != nil {
		t.Fatal(err)
	}
	entries, err := reviewlog.Read(dir+"/review.jsonl", reviewlog.Filter{})
	if err != nil || len(entries) != 1 {
		t.Fatalf("read: %v, %d entries", err, len(entries))
	}
	l := FromEntries(entries)
	if !l.Calls[0].Clipped {
		t.Fatalf("a clipped value is not marked: %.80q", l.Calls[0].Values[0])
	}
	r := Replay(l, engine.NewPolicy(rules("bash", "*", "deny")), Options{})
	if r.Calls != 0 || r.Clipped != 1 || len(r.Changed) != 0 {
		t.Errorf("replay of a clipped call: %+v", r)
	}
}

// Replay decides a call as the gate does, path handling included: with the policy at a place,
// a logged read outside the project is the engine's external_directory ask, not the allow its
// spelling alone would get.
func TestReplayDecidesPathsAsTheEngineDoes(t *testing.T) {
	rs := rules("read", "*", "allow")
	l := FromEntries(logOf(rs, "dev|s1|read|/etc/hosts", "dev|s1|read|src/a.go"))
	pol := engine.NewPolicy(rs).At(&engine.Place{Cwd: "/proj", Project: "/proj"})
	r := Replay(l, pol, Options{})
	if r.Calls != 2 || len(r.Changed) != 1 || r.Changed[0].Values[0] != "/etc/hosts" ||
		r.Changed[0].Now.Action != engine.Ask || r.Changed[0].Now.Permission != engine.ExternalDirectory {
		t.Errorf("replay at /proj: %d calls, changed %q; want /etc/hosts to become an external_directory ask", r.Calls, changedText(r))
	}
}

// Session rules are replayed with the persona's home directory, not the process's $HOME: a
// session's "~/notes/*" allows what the persona's "~" means.
func TestReplaySessionRulesUseThePersonasHome(t *testing.T) {
	t.Setenv("HOME", "/elsewhere")
	rs := rules("*", "*", "ask")
	pol := &engine.Policy{Persona: engine.CompileWithHome(rs, "/home/h")}
	value := "/home/h/notes/a.md"
	ask := pol.DecideToolValues("read", []string{value})
	req := &approvals.Request{ID: "r1", Session: "s1", Agent: "dev", Tool: "read", Permission: "read", Values: []string{value}}
	stored := engine.Rule{Permission: "read", Pattern: "~/notes/*", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession}}
	session := &engine.Policy{Persona: pol.Persona, Session: engine.CompileWithHome(engine.Ruleset{stored}, "/home/h")}
	later := session.DecideToolValues("read", []string{value})
	if later.Action != engine.Allow {
		t.Fatalf("setup: the session rule does not allow: %+v", later)
	}
	l := FromEntries([]reviewlog.Entry{
		reviewlog.DecisionEntry(t0, approvals.Call{Session: "s1", Agent: "dev", Tool: "read", Values: []string{value}}, ask, req),
		reviewlog.ReplyEntry(t0.Add(time.Second), *req, approvals.Resolution{Action: engine.Allow, Reply: approvals.Always, By: approvals.ByPerson, Rules: engine.Ruleset{stored}}),
		reviewlog.DecisionEntry(t0.Add(time.Minute), approvals.Call{Session: "s1", Agent: "dev", Tool: "read", Values: []string{value}}, later, nil),
	})
	if r := Replay(l, pol, Options{}); len(r.Changed) != 0 {
		t.Errorf("replay with the same rules changed %q; the session allowed %s", changedText(r), value)
	}
}

// A logged call is decided again as the gate decides it (decide.Judge), not by the rules'
// match alone: a tool agentmgr does not know, allowed by "*" while the persona restricts
// bash, asks; a shell call that carried no command asks, whatever "*" allows.
func TestReplayDecidesAsTheGateDoes(t *testing.T) {
	logged := rules("*", "*", "allow")
	entries := logOf(logged, "dev|s1|mcp__db__query|select 1", "dev|s1|bash|", "dev|s1|bash|ls")
	draft := rules("*", "*", "allow", "bash", "*", "allow", "bash", "rm *", "deny")
	r := Replay(FromEntries(entries), engine.NewPolicy(draft), Options{Agent: "dev"})
	want := []string{`select 1 allow->ask by "*"`, ` allow->ask by "*"`}
	if got := changedText(r); !slices.Equal(got, want) {
		t.Errorf("changed calls:\n got %q\nwant %q", got, want)
	}
}
