package gate

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

func TestGateRecordsWhatItSettles(t *testing.T) {
	e := newE2E(t)
	rec := &decisions{}
	g := e.gate(fastWait)
	g.Recorder = rec
	call := func(value string) Call {
		return Call{Client: ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: value}
	}
	g.Decide(context.Background(), call("git status"))
	ch := make(chan Verdict, 1)
	go func() { ch <- g.Decide(context.Background(), call("make")) }()
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Once}); err != nil {
		t.Fatal(err)
	}
	<-ch
	e.shutdown()
	g.Wait.Grace = 10 * time.Millisecond
	g.Decide(context.Background(), call("make again"))
	neutral := call("make for another agent")
	neutral.Client = ClientJSON
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

func TestGateFailsClosed(t *testing.T) {
	call := Call{Client: ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: "ls"}
	tests := []struct {
		name   string
		policy PolicyFunc
		reason string
	}{
		{"no policy", nil, "no policy to decide with"},
		{"policy error", func(Call) (string, *engine.Policy, error) { return "", nil, errors.New("persona x: broken file") }, "persona x: broken file"},
		{"nil policy", func(Call) (string, *engine.Policy, error) { return "x", nil, nil }, `persona "x" has no rules`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &Gate{Inbox: Inbox{Dir: t.TempDir()}, Policy: tt.policy}
			v := g.Decide(context.Background(), call)
			wantVerdict(t, v, engine.Deny, ByGate, tt.reason)
		})
	}
}

func TestAnsweredReasons(t *testing.T) {
	asked := Verdict{Action: engine.Ask, DecidedBy: approvals.ByRule, Reason: "asked"}
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
	asked := Verdict{Action: engine.Ask, Reason: `agentmgr persona "p": ask bash "make"`}
	tests := []struct {
		client Client
		why    error
		action engine.Action
		reason string
	}{
		{ClientClaude, ErrNotServing, engine.Ask, `agentmgr persona "p": ask bash "make"; nobody is serving agentmgr's inbox, so Claude Code asks`},
		{ClientJSON, ErrNotServing, engine.Deny, `agentmgr denied the call: persona "p": ask bash "make"; nobody is serving`},
		{ClientJSON, context.Canceled, engine.Deny, "context canceled"},
		{ClientClaude, errors.New("disk full"), engine.Ask, "the question could not be forwarded to the app: disk full, so Claude Code asks"},
	}
	for _, tt := range tests {
		v := unanswered(Call{Client: tt.client}, asked, tt.why)
		if v.Action != tt.action || v.Reason != tt.reason && !strings.Contains(v.Reason, tt.reason) || v.DecidedBy != ByGate {
			t.Errorf("unanswered(%s, %v) = %s by %s (%s), want %s by gate with %q", tt.client, tt.why, v.Action, v.DecidedBy, v.Reason, tt.action, tt.reason)
		}
	}
}

func TestNeutralRoundTrip(t *testing.T) {
	g := &Gate{Inbox: Inbox{Dir: t.TempDir()}, Policy: fixedPolicy(e2ePersona)}
	resp := g.Neutral(context.Background(), []byte(`{"id":"r7","session":"s1","tool":"bash","value":"git status && rm -rf /","cwd":"/p"}`))
	if resp.ID != "r7" || resp.Action != engine.Deny || resp.DecidedBy != approvals.ByRule || resp.Agent != "tester" ||
		resp.Permission != "bash" || resp.Rule == nil || resp.Rule.Pattern != "rm *" || resp.Source != "rules" || len(resp.Units) != 2 {
		t.Errorf("neutral answer %+v, want r7 denied by rule rm * of tester, with 2 units", resp)
	}
	if resp.Units[0].Text != "git status" || resp.Units[0].Action != engine.Allow || resp.Units[1].Action != engine.Deny {
		t.Errorf("units %+v, want git status allowed and rm denied", resp.Units)
	}
}

func TestDecideReadsPathsUnderEveryName(t *testing.T) {
	rules := func(triples ...string) *engine.Policy {
		var rs engine.Ruleset
		for i := 0; i+2 < len(triples); i += 3 {
			rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2])})
		}
		return &engine.Policy{Persona: engine.Compile(rs)}
	}
	tests := []struct {
		name string
		pol  *engine.Policy
		call Call
		want engine.Action
	}{
		{"relative deny protects an absolute path", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			Call{Key: "edit", Value: "/proj/secrets/k", Cwd: "/proj"}, engine.Deny},
		{"absolute deny still holds", rules("edit", "*", "allow", "edit", "/proj/secrets/*", "deny"),
			Call{Key: "edit", Value: "/proj/secrets/k", Cwd: "/proj"}, engine.Deny},
		{"relative allow cannot loosen an absolute ask", rules("read", "*", "ask", "read", "src/*", "allow", "read", "/proj/src/*", "ask"),
			Call{Key: "read", Value: "/proj/src/a.go", Cwd: "/proj"}, engine.Ask},
		{"a catch-all on the relative spelling does not undo an absolute allow", rules("edit", "*", "ask", "edit", "/proj/src/*", "allow"),
			Call{Key: "edit", Value: "/proj/src/a.go", Cwd: "/proj"}, engine.Allow},
		{"outside the cwd is not read as relative", rules("read", "*", "allow", "read", "etc/*", "deny", "external_directory", "*", "allow"),
			Call{Key: "read", Value: "/etc/passwd", Cwd: "/proj"}, engine.Allow},
		{"outside the project asks by external_directory", rules("read", "*", "allow"),
			Call{Key: "read", Value: "/etc/passwd", Cwd: "/proj"}, engine.Ask},
		{"a sibling folder is outside", rules("read", "*", "allow", "read", "x", "deny", "external_directory", "*", "allow"),
			Call{Key: "read", Value: "/projx", Cwd: "/proj"}, engine.Allow},
		{"dot-dot in an absolute path meets a deny for the file", rules("read", "*", "allow", "read", "/home/*", "deny", "read", "/proj/*", "allow"),
			Call{Key: "read", Value: "/proj/../home/u/.ssh/id_rsa", Cwd: "/proj"}, engine.Deny},
		{"no cwd", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			Call{Key: "edit", Value: "/proj/secrets/k"}, engine.Allow},
		{"not a path key", rules("webfetch", "*", "allow", "webfetch", "x/*", "deny"),
			Call{Key: "webfetch", Value: "/proj/x/y", Cwd: "/proj"}, engine.Allow},
	}
	for _, tt := range tests {
		if got := decide.Judge(tt.pol, tt.call).Action; got != tt.want {
			t.Errorf("%s: decide.Judge(%+v) = %s, want %s", tt.name, tt.call, got, tt.want)
		}
	}
}

func TestNeutralShellFamilyFailsClosed(t *testing.T) {
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	}
	g := &Gate{Inbox: Inbox{Dir: t.TempDir()}, Policy: fixedPolicy(rs), Wait: Wait{Grace: time.Millisecond, Poll: time.Millisecond}}
	tests := []struct {
		name, input string
		want        engine.Action
	}{
		{"Bash in capitals is analysed", `{"session":"s1","tool":"Bash","value":"ls && rm -rf x"}`, engine.Deny},
		{"BASH is analysed", `{"session":"s1","tool":"BASH","value":"rm -rf x"}`, engine.Deny},
		{"Exec is the bash key", `{"session":"s1","tool":"Exec","value":"rm -rf x"}`, engine.Deny},
		// A neutral client cannot be asked in its terminal: an ask nobody answers is denied.
		{"a shell call without a command is not allowed", `{"session":"s1","tool":"bash","value":""}`, engine.Deny},
		{"a shell call of blanks is not allowed", `{"session":"s1","tool":"shell","value":"  "}`, engine.Deny},
		{"an allowed command stays allowed", `{"session":"s1","tool":"BASH","value":"ls -la"}`, engine.Allow},
		// Fields the gate does not use are skipped, whatever they hold.
		{"unknown fields of any type are ignored", `{"session":"s1","tool":"bash","value":"ls","effort":{"level":"low"},"n":[1,null]}`, engine.Allow},
		{"a misspelt value is no value", `{"session":"s1","tool":"bash","valeu":"rm -rf x"}`, engine.Deny},
		{"a path tool without its path is not allowed", `{"session":"s1","tool":"read","path":"/x"}`, engine.Deny},
		{"a used field of the wrong type is denied", `{"session":"s1","tool":"bash","value":["ls"]}`, engine.Deny},
		// The persona restricts bash (rm): a tool agentmgr does not know, allowed by "*" only,
		// asks, which the neutral protocol answers with a deny; todo is known.
		{"an unknown tool under a restricting persona is not allowed", `{"session":"s1","tool":"mcp__srv__status","value":""}`, engine.Deny},
		{"a known tool of its own key stays allowed", `{"session":"s1","tool":"todo","value":""}`, engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Neutral(context.Background(), []byte(tt.input)); got.Action != tt.want {
				t.Errorf("%s: %s (%s), want %s", tt.input, got.Action, got.Reason, tt.want)
			}
		})
	}
}
