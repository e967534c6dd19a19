package inbox

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/internal/testrules"
)

// e2e is a gate and a serving app in one process: the gate side reads session rules from the
// store as a fresh gate process would, the app side answers through Ask.
type e2e struct {
	t       *testing.T
	inbox   Inbox
	store   *approvals.MemoryStore
	persona engine.Ruleset
	prompts chan *Prompt // every prompt the app shows, in order
	server  *Server
	broken  atomic.Bool // the app can no longer load the persona
	stop    context.CancelFunc
	done    chan error
}

func newE2E(t *testing.T) *e2e {
	e := &e2e{t: t, inbox: Inbox{Dir: t.TempDir()}, store: approvals.NewMemoryStore(), persona: testrules.E2EPersona(),
		prompts: make(chan *Prompt, 16)}
	return e.serve()
}

// serve starts the app side and waits until its record is live.
func (e *e2e) serve() *e2e {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.stop, e.done = cancel, make(chan error, 1)
	e.server = NewServer(e.inbox, approvals.New(e.store, nil),
		func(Request) (*engine.Policy, error) {
			if e.broken.Load() {
				return nil, errors.New("persona tester is broken")
			}
			return engine.NewPolicy(e.persona), nil
		},
		func(_ context.Context, p *Prompt) { e.prompts <- p }, Poll(2*time.Millisecond))
	go func() { e.done <- e.server.Serve(ctx) }()
	e.t.Cleanup(e.shutdown)
	for deadline := time.Now().Add(hangLimit); ; {
		if _, err := e.inbox.Serving(time.Now()); err == nil {
			return e
		}
		if time.Now().After(deadline) {
			e.t.Fatal("the server did not publish a live record")
		}
		time.Sleep(time.Millisecond)
	}
}

func (e *e2e) shutdown() {
	if e.stop != nil {
		e.stop()
		if err := <-e.done; err != nil {
			e.t.Errorf("Serve: %v", err)
		}
		e.stop = nil
	}
}

// testGate is what one `agentmgr gate` process does around the inbox: it judges a call by rule
// and forwards an ask (Ask).
type testGate struct {
	inbox  Inbox
	wait   Wait
	policy decide.PolicyFunc
	rec    approvals.Recorder
}

func (g *testGate) Decide(ctx context.Context, c decide.Call) decide.Verdict {
	j := decide.NewDecider(decide.WithRecorder(g.rec)).Judge(c, g.policy)
	if j.Verdict.Action != engine.Ask || j.Policy == nil {
		return j.Verdict
	}
	return g.inbox.Ask(ctx, c, j, g.wait, g.rec)
}

// fixedPolicy decides every call with rules, as persona "tester", without session rules.
func fixedPolicy(rs engine.Ruleset) decide.PolicyFunc {
	return func(decide.Call) (string, *engine.Policy, error) {
		return "tester", engine.NewPolicy(rs), nil
	}
}

// gate is what one `agentmgr gate` process does: it reads the session's rules afresh.
func (e *e2e) gate(wait Wait) *testGate {
	return &testGate{inbox: e.inbox, wait: wait, policy: func(c decide.Call) (string, *engine.Policy, error) {
		s, err := e.store.Get(c.Session)
		if err != nil {
			return "", nil, err
		}
		pol := engine.NewPolicy(e.persona)
		if s.Exists() {
			pol.Session = engine.Compile(s.Rules)
		}
		return "tester", pol, nil
	}}
}

// hangLimit bounds every wait of these tests. It only catches a hang: a slow, loaded machine
// must never fail a test, so no wait is tuned to how fast things usually are.
const hangLimit = time.Minute

var fastWait = Wait{Timeout: hangLimit, Grace: 50 * time.Millisecond, Poll: time.Millisecond}

// ask runs a gate for a bash command in the background and returns where its verdict arrives.
func (e *e2e) ask(client decide.Client, session, command string) <-chan decide.Verdict {
	out := make(chan decide.Verdict, 1)
	g := e.gate(fastWait)
	go func() {
		out <- g.Decide(context.Background(), decide.Call{Client: client, Session: session, Tool: "Bash", Key: "bash", Value: command})
	}()
	return out
}

// prompt waits for the next prompt the app shows.
func (e *e2e) prompt() *Prompt {
	e.t.Helper()
	select {
	case p := <-e.prompts:
		return p
	case <-time.After(hangLimit):
		e.t.Fatal("no prompt reached the app")
		return nil
	}
}

func (e *e2e) noPrompt() {
	e.t.Helper()
	select {
	case p := <-e.prompts:
		e.t.Fatalf("unexpected prompt for %q", p.Request.Value)
	default:
	}
}

func verdictOf(t *testing.T, ch <-chan decide.Verdict) decide.Verdict {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(hangLimit):
		t.Fatal("the gate gave no verdict")
		return decide.Verdict{}
	}
}

func wantVerdict(t *testing.T, v decide.Verdict, action engine.Action, by approvals.Resolver, reason string) {
	t.Helper()
	if v.Action != action || v.DecidedBy != by || !strings.Contains(v.Reason, reason) {
		t.Errorf("verdict = %s by %q (%s)\nwant %s by %q with reason containing %q", v.Action, v.DecidedBy, v.Reason, action, by, reason)
	}
}

func TestEndToEndOnce(t *testing.T) {
	e := newE2E(t)
	ch := e.ask(decide.ClientClaude, "s1", "make deploy")
	p := e.prompt()
	if p.Request.Value != "make deploy" || p.Request.Tool != "Bash" || p.Request.Permission != "bash" || p.Decision.Action != engine.Ask {
		t.Errorf("prompt shows %+v, decision %s; want the Bash call of make deploy, asked", p.Request, p.Decision.Action)
	}
	if want := shell.Suggest("make deploy"); len(p.Suggestions) != 1 || p.Suggestions[0] != want {
		t.Errorf("prompt suggests %q, want [%s], the shell analysis's suggestion", p.Suggestions, want)
	}
	if err := p.Reply(approvals.Reply{Kind: approvals.Once}); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, verdictOf(t, ch), engine.Allow, approvals.ByPerson, "allowed this call once")
	<-p.Done()

	// Once remembers nothing: the same call asks again.
	ch = e.ask(decide.ClientClaude, "s1", "make deploy")
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Reject}); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, verdictOf(t, ch), engine.Deny, approvals.ByPerson, "rejected this call")
	e.assertInboxClean()
}

func TestEndToEndAlwaysThenNoPrompt(t *testing.T) {
	e := newE2E(t)
	ch := e.ask(decide.ClientClaude, "s1", "git push origin main")
	p := e.prompt()
	if len(p.Suggestions) != 1 || p.Suggestions[0] != "git push *" {
		t.Fatalf("prompt suggests %q, want [git push *]", p.Suggestions)
	}
	if err := p.Reply(approvals.Reply{Kind: approvals.Always}); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, verdictOf(t, ch), engine.Allow, approvals.ByPerson, `for the rest of the session: bash "git push *"`)
	stored, err := e.store.Get("s1")
	if err != nil || len(stored.Rules) != 1 || stored.Rules[0].Pattern != "git push *" {
		t.Fatalf("session s1 holds %+v (%v), want the one rule git push *", stored.Rules, err)
	}

	v := verdictOf(t, e.ask(decide.ClientClaude, "s1", "git push origin dev"))
	wantVerdict(t, v, engine.Allow, approvals.BySessionRule, `by rule "bash" "git push *" allow`)
	e.noPrompt()

	// The rule belongs to s1: another session still asks.
	ch = e.ask(decide.ClientClaude, "s2", "git push origin dev")
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Once}); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, verdictOf(t, ch), engine.Allow, approvals.ByPerson, "once")
}

func TestEndToEndAlwaysWithEditedPattern(t *testing.T) {
	e := newE2E(t)
	ch := e.ask(decide.ClientJSON, "s1", "npm run build")
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Always, Patterns: []string{"npm *"}}); err != nil {
		t.Fatal(err)
	}
	wantVerdict(t, verdictOf(t, ch), engine.Allow, approvals.ByPerson, `bash "npm *"`)
	wantVerdict(t, verdictOf(t, e.ask(decide.ClientJSON, "s1", "npm test")), engine.Allow, approvals.BySessionRule, `"npm *"`)
	e.noPrompt()
}

func TestEndToEndRejectWithMessage(t *testing.T) {
	e := newE2E(t)
	ch := e.ask(decide.ClientClaude, "s1", "terraform apply")
	if err := e.prompt().Reply(approvals.Reply{Kind: approvals.Reject, Message: "plan first, then show me the diff"}); err != nil {
		t.Fatal(err)
	}
	v := verdictOf(t, ch)
	wantVerdict(t, v, engine.Deny, approvals.ByPerson, "rejected this call in the app: plan first, then show me the diff")
}

func TestEndToEndRuleDecidesWithoutPrompt(t *testing.T) {
	e := newE2E(t)
	wantVerdict(t, verdictOf(t, e.ask(decide.ClientClaude, "s1", "git status")), engine.Allow, approvals.ByRule, `"git status*"`)
	wantVerdict(t, verdictOf(t, e.ask(decide.ClientClaude, "s1", "git status; rm -rf /")), engine.Deny, approvals.ByRule, `"rm *" deny`)
	e.noPrompt()
}

func TestEndToEndTwoGatesAtOnce(t *testing.T) {
	t.Run("answered one by one", func(t *testing.T) {
		e := newE2E(t)
		a, b := e.ask(decide.ClientClaude, "sa", "make a"), e.ask(decide.ClientJSON, "sb", "make b")
		byValue := map[string]*Prompt{}
		for range 2 {
			p := e.prompt()
			byValue[p.Request.Value] = p
		}
		if len(e.server.Pending()) != 2 {
			t.Errorf("app shows %d pending, want 2", len(e.server.Pending()))
		}
		if err := byValue["make b"].Reply(approvals.Reply{Kind: approvals.Reject, Message: "not b"}); err != nil {
			t.Fatal(err)
		}
		if err := byValue["make a"].Reply(approvals.Reply{Kind: approvals.Once}); err != nil {
			t.Fatal(err)
		}
		wantVerdict(t, verdictOf(t, a), engine.Allow, approvals.ByPerson, "once")
		wantVerdict(t, verdictOf(t, b), engine.Deny, approvals.ByPerson, "not b")
	})
	t.Run("always settles the other of its session", func(t *testing.T) {
		e := newE2E(t)
		a := e.ask(decide.ClientClaude, "s1", "git push origin a")
		first := e.prompt()
		b := e.ask(decide.ClientClaude, "s1", "git push origin b")
		second := e.prompt()
		if err := first.Reply(approvals.Reply{Kind: approvals.Always}); err != nil {
			t.Fatal(err)
		}
		wantVerdict(t, verdictOf(t, a), engine.Allow, approvals.ByPerson, "rest of the session")
		wantVerdict(t, verdictOf(t, b), engine.Allow, approvals.BySessionRule, "session rule the person added")
		select {
		case <-second.Done():
		case <-time.After(hangLimit):
			t.Error("the second prompt stayed open after the always reply settled it")
		}
	})
	t.Run("reject settles the other of its session", func(t *testing.T) {
		e := newE2E(t)
		a := e.ask(decide.ClientClaude, "s1", "make a")
		first := e.prompt()
		b := e.ask(decide.ClientClaude, "s1", "make b")
		e.prompt()
		if err := first.Reply(approvals.Reply{Kind: approvals.Reject, Message: "stop"}); err != nil {
			t.Fatal(err)
		}
		wantVerdict(t, verdictOf(t, a), engine.Deny, approvals.ByPerson, "rejected this call in the app: stop")
		wantVerdict(t, verdictOf(t, b), engine.Deny, approvals.ByPerson, "rejected another call of this session while this one waited: stop")
	})
}

func TestEndToEndNobodyServing(t *testing.T) {
	tests := []struct {
		name   string
		record func(t *testing.T) *Record // nil: no record at all
		why    string
	}{
		{"no record", nil, "the app is not running"},
		{"dead server", func(t *testing.T) *Record {
			return &Record{Version: 1, PID: deadPID(t), Heartbeat: time.Now().UTC()}
		}, "is gone"},
		{"stale heartbeat", func(t *testing.T) *Record {
			return &Record{Version: 1, PID: os.Getpid(), Heartbeat: time.Now().Add(-10 * time.Second).UTC()}
		}, "stopped answering; its last heartbeat is 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inbox := Inbox{Dir: t.TempDir()}
			if tt.record != nil {
				if err := inbox.writeJSON(inbox.recordPath(), tt.record(t)); err != nil {
					t.Fatal(err)
				}
			}
			g := &testGate{inbox: inbox, policy: fixedPolicy(testrules.E2EPersona()), wait: Wait{Timeout: time.Minute, Grace: 100 * time.Millisecond, Poll: time.Millisecond}}
			for _, client := range []decide.Client{decide.ClientClaude, decide.ClientJSON} {
				start := time.Now()
				v := g.Decide(context.Background(), decide.Call{Client: client, Session: "s1", Tool: "bash", Key: "bash", Value: "make"})
				took := time.Since(start)
				want := engine.Ask
				if client == decide.ClientJSON {
					want = engine.Deny
				}
				wantVerdict(t, v, want, decide.ByGate, tt.why)
				// Not an upper bound tuned to the machine: half the timeout proves the gate gave
				// up after its grace instead of waiting the minute out.
				if took < 100*time.Millisecond || took > 30*time.Second {
					t.Errorf("%s: the gate gave up after %s, want the 100ms grace, not the minute's timeout", client, took)
				}
			}
			if files, _, _ := inbox.files(); len(files) != 0 {
				t.Errorf("the gate left %d files in the inbox", len(files))
			}
		})
	}
}

func TestEndToEndGateGivesUpAndPromptIsWithdrawn(t *testing.T) {
	// What the gate answered by itself is what the app records: Claude Code's gate leaves the
	// call to Claude Code's prompt (ask), the others deny; a withdrawal was once recorded as
	// "deny by agent" for both, and shown at 00:00:00.
	for _, tc := range []struct {
		client decide.Client
		gate   engine.Action
	}{{decide.ClientJSON, engine.Deny}, {decide.ClientClaude, engine.Ask}} {
		t.Run(string(tc.client), func(t *testing.T) {
			e := newE2E(t)
			g := e.gate(Wait{Timeout: 200 * time.Millisecond, Grace: time.Second, Poll: time.Millisecond})
			ch := make(chan decide.Verdict, 1)
			go func() {
				ch <- g.Decide(context.Background(), decide.Call{Client: tc.client, Session: "s1", Tool: "bash", Key: "bash", Value: "make"})
			}()
			p := e.prompt()
			wantVerdict(t, verdictOf(t, ch), tc.gate, decide.ByGate, "nobody answered in time: the request waited 200ms")
			select {
			case <-p.Done():
			case <-time.After(hangLimit):
				t.Fatal("the prompt stayed open after its gate gave up")
			}
			if err := p.Reply(approvals.Reply{Kind: approvals.Once}); !errors.Is(err, approvals.ErrNotPending) {
				t.Errorf("replying to a withdrawn prompt: %v, want ErrNotPending", err)
			}
			waitFor(t, "the withdrawal in Recent", func() bool {
				r := e.server.Recent()
				return len(r) == 1 && r[0].Withdrawn
			})
			r := e.server.Recent()[0]
			if r.Response.Action != tc.gate || r.Response.At.IsZero() {
				t.Errorf("the withdrawal is recorded as %s at %v; want %s, what the gate answered, with its time", r.Response.Action, r.Response.At, tc.gate)
			}
		})
	}
}

func TestEndToEndAppStopsWhileGateWaits(t *testing.T) {
	e := newE2E(t)
	ch := e.ask(decide.ClientClaude, "s1", "make")
	p := e.prompt()
	e.shutdown()
	<-p.Done()
	wantVerdict(t, verdictOf(t, ch), engine.Ask, decide.ByGate, "the app is not running")
}

func (e *e2e) assertInboxClean() {
	e.t.Helper()
	waitFor(e.t, "an empty inbox", func() bool {
		files, temps, _ := e.inbox.files()
		return len(files) == 0 && len(temps) == 0
	})
}

// waitFor polls cond until it holds; it gives up only on a hang.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(hangLimit); ; time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", hangLimit, what)
		}
	}
}

// deadPID is the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("cannot run a short-lived process: %v", err)
	}
	return cmd.Process.Pid
}
