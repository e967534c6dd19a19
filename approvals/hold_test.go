package approvals

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// A call an adapter judged itself asks through the same replies as one Ask decided: an always
// reply stores rules with the reply's authority and settles the session's other held calls
// its rules now allow, judged again by the adapter's own judge.
func TestHoldSharesTheReplies(t *testing.T) {
	f := newFixture(t, askPersona)
	var judged []string
	judge := func(value string) func(*engine.Policy) engine.Decision {
		return func(p *engine.Policy) engine.Decision {
			judged = append(judged, value)
			return p.DecideTool("bash", value)
		}
	}
	hold := func(session, value string) *Pending {
		t.Helper()
		d := f.pol.DecideTool("bash", value)
		p, err := f.ap.Hold(Held{Policy: f.pol, Call: Call{Session: session, Agent: "builder", Tool: "bash", Values: []string{value}},
			Decision: d, Suggestions: []string{"git push *"}, Redecide: judge(value)})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	first, second, other := hold("s1", "git push a"), hold("s1", "git push b"), hold("s1", "make")
	if _, err := f.ap.Reply(first.ID, Reply{Kind: Always, By: ToolAuthority}); err == nil {
		t.Fatal("an always reply with the agent's authority stored rules")
	}
	stillPending(t, first)
	res := f.reply(first, operator)
	if len(res) != 2 || res[1].Request != second.ID || res[1].By != BySessionRule {
		t.Fatalf("always settled %+v, want the request and %s by session rule", res, second.ID)
	}
	if len(judged) != 2 || judged[0] != "git push b" {
		t.Errorf("the adapter's judge ran on %v, want the session's other held calls", judged)
	}
	stillPending(t, other)
	if _, err := f.ap.Hold(Held{Policy: f.pol, Call: Call{Session: "s1", Tool: "read", Values: []string{"a"}}, Decision: f.pol.DecideTool("read", "a")}); err == nil {
		t.Error("a call decided allow was held")
	}
	more := hold("s1", "make x")
	f.reply(other, Reply{Kind: Reject, Message: "no"})
	if r := resolution(t, more); r.Action != engine.Deny || r.Cause != other.ID {
		t.Errorf("reject left %+v, want the session's other held call denied", r)
	}
}

// A call decided by the rules of several sessions (a subagent's: its parent session's and its
// own in it) is settled by an always stored into any of them, whichever request it answered:
// the reply settles every pending request whose rules include the session it stored into,
// and none whose rules do not.
func TestAnAlwaysSettlesEveryRequestDecidedByTheSessionItStoredInto(t *testing.T) {
	f := newFixture(t, askPersona)
	hold := func(session, value string, rules ...string) *Pending {
		t.Helper()
		p, err := f.ap.Hold(Held{Policy: f.pol, Call: Call{Session: session, Subagent: "cleaner", Parent: "parent", Tool: "bash", Values: []string{value}},
			Decision: f.pol.DecideTool("bash", value), Suggestions: []string{"git push *"}, Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	child := hold("child-1", "git push a", "parent", "parent.sub.cleaner")
	sibling := hold("child-2", "git push b", "parent", "parent.sub.helper")
	cousin := hold("child-3", "git push c", "parent", "parent.sub.cleaner")
	stranger := hold("child-4", "git push d", "other")
	if child.Subagent != "cleaner" || child.Parent != "parent" {
		t.Errorf("the request lost the subagent and parent: %+v", child.Request)
	}
	if _, err := f.ap.Reply(child.ID, Reply{Kind: Always, By: OperatorAuthority, Into: "other"}); err == nil {
		t.Fatal("an always was stored into a session whose rules do not decide the request")
	}
	res := f.reply(child, Reply{Kind: Always, By: OperatorAuthority, Into: "parent.sub.cleaner"})
	if len(res) != 2 || res[1].Request != cousin.ID || res[1].By != BySessionRule {
		t.Fatalf("always into the subagent's rules settled %+v, want the request and %s (same subagent) only", res, cousin.ID)
	}
	stillPending(t, sibling)
	stillPending(t, stranger)
	if s, _ := f.store.Get("parent.sub.cleaner"); len(s.Rules) != 1 {
		t.Errorf("the subagent's session holds %v, want the one always rule", s.Rules)
	}
	again := hold("child-1", "git push e", "parent", "parent.sub.cleaner")
	res = f.reply(again, Reply{Kind: Always, By: OperatorAuthority})
	if len(res) != 2 || res[1].Request != sibling.ID {
		t.Fatalf("always into the parent session (the default, the first) settled %+v, want the request and %s", res, sibling.ID)
	}
	stillPending(t, stranger)
}

// A session rule an always stored never overrides a configured deny, for the request's own
// session or any other it settles.
func TestAnAlwaysNeverOverridesADeny(t *testing.T) {
	f := newFixture(t, askPersona)
	asked := f.ask("s1", "bash", engine.Ask, "git push")
	d := f.pol.DecideTool("bash", "rm -rf x")
	if d.Action != engine.Deny {
		t.Fatalf("rm = %s, want the persona's deny", d.Action)
	}
	res := f.reply(asked, Reply{Kind: Always, By: OperatorAuthority, Patterns: []string{"*"}})
	if len(res) != 1 {
		t.Fatalf("always settled %+v", res)
	}
	if got, _, _ := f.ap.Ask(f.pol, Call{Session: "s1", Tool: "bash", Values: []string{"rm -rf x"}}); got.Action != engine.Deny {
		t.Errorf("after always \"*\": rm = %s, want the persona's deny to stand", got.Action)
	}
}

func TestHandoffDropsARequestUnrecorded(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "git push")
	before := len(f.rec.lines)
	if !f.ap.Handoff(p.ID) || f.ap.Handoff(p.ID) {
		t.Fatal("Handoff did not drop the request exactly once")
	}
	stillPending(t, p)
	if len(f.ap.Pending("")) != 0 || len(f.rec.lines) != before {
		t.Errorf("after a handoff: pending %v, recorded %v", f.ap.Pending(""), f.rec.lines[before:])
	}
}

// Session rules are compiled with the home the persona's rules were compiled with, not the
// environment's: an always for `~/x/*` covers the persona's home, whatever $HOME says.
func TestSessionRulesShareThePersonasHome(t *testing.T) {
	t.Setenv("HOME", "/elsewhere")
	f := newFixture(t, askPersona)
	f.pol = &engine.Policy{Persona: engine.CompileWithHome(askPersona, "/h")}
	p := f.ask("s1", "edit", engine.Ask, "/h/x/a")
	f.reply(p, Reply{Kind: Always, By: OperatorAuthority, Patterns: []string{"~/x/*"}})
	if d, _, _ := f.ap.Ask(f.pol, Call{Session: "s1", Tool: "edit", Values: []string{"/h/x/b"}}); d.Action != engine.Allow {
		t.Errorf("after always ~/x/*: edit /h/x/b = %s (%s), want allow under the persona's home /h", d.Action, d.Explain())
	}
}
