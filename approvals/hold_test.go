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
		p, err := f.ap.Hold(f.pol, Call{Session: session, Agent: "builder", Tool: "bash", Values: []string{value}}, d, []string{"git push *"}, judge(value))
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
	if _, err := f.ap.Hold(f.pol, Call{Session: "s1", Tool: "read", Values: []string{"a"}}, f.pol.DecideTool("read", "a"), nil, nil); err == nil {
		t.Error("a call decided allow was held")
	}
	more := hold("s1", "make x")
	f.reply(other, Reply{Kind: Reject, Message: "no"})
	if r := resolution(t, more); r.Action != engine.Deny || r.Cause != other.ID {
		t.Errorf("reject left %+v, want the session's other held call denied", r)
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
