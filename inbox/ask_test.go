package inbox

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

// decisions records what the gate tells its recorder.
type decisions struct {
	mu      sync.Mutex
	lines   []string
	reasons []string
}

func (d *decisions) Decided(call approvals.Call, dec engine.Decision, req *approvals.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lines = append(d.lines, call.Session+" "+call.Agent+" "+call.Tool+" "+strings.Join(call.Values, ",")+" "+string(dec.Action))
	d.reasons = append(d.reasons, dec.Reason)
}

func (d *decisions) Resolved(approvals.Request, approvals.Resolution) {}

func TestAskRecordsWhatItSettles(t *testing.T) {
	e := newE2E(t)
	rec := &decisions{}
	g := e.gate(fastWait)
	g.rec = rec
	call := func(value string) decide.Call {
		return decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: value}
	}
	g.Decide(context.Background(), call("git status"))
	ch := make(chan decide.Verdict, 1)
	go func() { ch <- g.Decide(context.Background(), call("make")) }()
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Once}); err != nil {
		t.Fatal(err)
	}
	<-ch
	e.shutdown()
	g.wait.Grace = 10 * time.Millisecond
	g.Decide(context.Background(), call("make again"))
	neutral := call("make for another agent")
	neutral.Client = decide.ClientJSON
	g.Decide(context.Background(), neutral)
	want := []string{"s1 tester Bash git status allow", "s1 tester Bash make again ask", "s1 tester Bash make for another agent deny"}
	if strings.Join(rec.lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("recorded\n%s\nwant\n%s\n(the answered make is the app's to record; an unanswered ask is recorded as the client was told)", strings.Join(rec.lines, "\n"), strings.Join(want, "\n"))
	}
	// The log says why an ask ended without an answer.
	if len(rec.reasons) == 3 && (!strings.Contains(rec.reasons[1], "nobody is serving") || !strings.Contains(rec.reasons[1], "so Claude Code asks the person") || !strings.Contains(rec.reasons[1], "claude -p") ||
		!strings.HasSuffix(rec.reasons[2], "so the call is denied")) {
		t.Errorf("recorded reasons %q, want why nobody answered and what the client was told", rec.reasons)
	}
}

func TestAnsweredReasons(t *testing.T) {
	asked := decide.Verdict{Action: engine.Ask, DecidedBy: approvals.ByRule, Reason: "asked"}
	tests := []struct {
		name   string
		resp   Response
		action engine.Action
		reason string
	}{
		{"once", Response{Action: engine.Allow, Reply: approvals.Once, By: approvals.ByPerson}, engine.Allow, "allowed this call once"},
		{"always names the rules", Response{Action: engine.Allow, Reply: approvals.Always, By: approvals.ByPerson,
			Rules: engine.Ruleset{{Permission: "bash", Pattern: "git push *"}, {Permission: "bash", Pattern: "make *"}}},
			engine.Allow, `rest of the session: bash "git push *", bash "make *"`},
		{"reject carries the message", Response{Action: engine.Deny, Reply: approvals.Reject, By: approvals.ByPerson, Message: "use the staging db"},
			engine.Deny, "rejected this call in the app: use the staging db"},
		{"reject of another call", Response{Action: engine.Deny, Reply: approvals.Reject, By: approvals.ByPerson, Cause: "x"},
			engine.Deny, "rejected another call of this session"},
		{"session rule", Response{Action: engine.Allow, Reply: approvals.Always, By: approvals.BySessionRule}, engine.Allow, "session rule the person added"},
		{"rule in the app", Response{Action: engine.Deny, By: approvals.ByRule, Reason: `deny bash "rm x"`}, engine.Deny, `app decided deny (deny bash "rm x")`},
		{"app could not decide", Response{Action: engine.Deny, By: ByApp, Reason: "no persona"}, engine.Deny, "no persona"},
		{"anything but allow denies", Response{Action: "maybe", By: approvals.ByPerson, Reply: approvals.Once}, engine.Deny, `answered "maybe", which is not allow`},
		{"empty action denies", Response{By: approvals.ByPerson}, engine.Deny, "not allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := answered(asked, tt.resp)
			if v.Action != tt.action || !strings.Contains(v.Reason, tt.reason) || v.DecidedBy != tt.resp.By {
				t.Errorf("answered(%+v) = %s by %s (%s), want %s by %s with %q", tt.resp, v.Action, v.DecidedBy, v.Reason, tt.action, tt.resp.By, tt.reason)
			}
		})
	}
}

func TestUnansweredByClient(t *testing.T) {
	asked := decide.Verdict{Action: engine.Ask, Reason: `agentmgr persona "p": ask bash "make"`}
	tests := []struct {
		client decide.Client
		why    error
		action engine.Action
		reason string
	}{
		{decide.ClientClaude, ErrNotServing, engine.Ask, `agentmgr persona "p": ask bash "make"; nobody is serving agentmgr's inbox, so Claude Code asks`},
		{decide.ClientJSON, ErrNotServing, engine.Deny, `agentmgr denied the call: persona "p": ask bash "make"; nobody is serving`},
		{decide.ClientJSON, context.Canceled, engine.Deny, "context canceled"},
		{decide.ClientClaude, errors.New("disk full"), engine.Ask, "the question could not be forwarded to the app: disk full, so Claude Code asks"},
	}
	for _, tt := range tests {
		v := unanswered(decide.Call{Client: tt.client}, asked, tt.why)
		if v.Action != tt.action || v.Reason != tt.reason && !strings.Contains(v.Reason, tt.reason) || v.DecidedBy != decide.ByGate {
			t.Errorf("unanswered(%s, %v) = %s by %s (%s), want %s by gate with %q", tt.client, tt.why, v.Action, v.DecidedBy, v.Reason, tt.action, tt.reason)
		}
	}
}
