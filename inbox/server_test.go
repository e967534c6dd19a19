package inbox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

func testServer(inbox Inbox, policy func(Request) (*engine.Policy, error)) *Server {
	return NewServer(inbox, approvals.New(approvals.NewMemoryStore(), nil), policy,
		func(context.Context, *Prompt) {}, Poll(2*time.Millisecond))
}

func TestServeRefusesSecondServer(t *testing.T) {
	t.Run("another process", func(t *testing.T) {
		inbox := Inbox{Dir: t.TempDir()}
		other := &Record{Version: 1, PID: os.Getppid(), Heartbeat: time.Now().UTC()}
		if err := inbox.writeJSON(inbox.recordPath(), other); err != nil {
			t.Fatal(err)
		}
		if err := testServer(inbox, nil).Serve(context.Background()); err == nil {
			t.Error("Serve without a policy started")
		}
		s := testServer(inbox, func(Request) (*engine.Policy, error) { return nil, nil })
		if err := s.Serve(context.Background()); !errors.Is(err, ErrAlreadyServing) {
			t.Errorf("Serve with a live record of pid %d = %v, want ErrAlreadyServing", other.PID, err)
		}
	})
	t.Run("this process", func(t *testing.T) {
		e := newE2E(t)
		second := testServer(Inbox{Dir: e.inbox.Dir + string(os.PathSeparator) + "."}, func(Request) (*engine.Policy, error) { return nil, nil })
		if err := second.Serve(context.Background()); !errors.Is(err, ErrAlreadyServing) {
			t.Errorf("a second Serve of the same inbox in one process = %v, want ErrAlreadyServing", err)
		}
	})
}

func TestServerSettlesWithoutAsking(t *testing.T) {
	e := newE2E(t)
	submit := func(value string, pid int, deadline time.Time) string {
		id, _ := newID(time.Now().UnixNano())
		r := Request{Version: 1, ID: id, Client: decide.ClientJSON, Session: "s1", Agent: "tester", Tool: "bash", Permission: "bash",
			Value: value, PID: pid, Created: time.Now().UTC(), Deadline: deadline}
		if err := e.inbox.submit(r); err != nil {
			t.Fatal(err)
		}
		return id
	}
	response := func(id string) Response {
		t.Helper()
		var resp Response
		waitFor(t, "the response to "+id, func() bool {
			r, ok, _ := e.inbox.readResponse(id)
			resp = r
			return ok
		})
		return resp
	}
	later := time.Now().Add(time.Minute)

	// The app's rules allow it (a session rule added after the gate asked would do the same).
	if r := response(submit("git status", os.Getpid(), later)); r.Action != engine.Allow || r.By != approvals.ByRule || r.Server != os.Getpid() {
		t.Errorf("git status answered %+v, want allow by rule from this server", r)
	}
	e.broken.Store(true)
	if r := response(submit("make", os.Getpid(), later)); r.Action != engine.Deny || r.By != ByApp || r.Reason == "" {
		t.Errorf("a request whose persona cannot load answered %+v, want deny by the app with the reason", r)
	}

	dead := submit("make", deadPID(t), later)
	expired := submit("make", os.Getpid(), time.Now().Add(-time.Second))
	waitFor(t, "requests of dead or expired gates to go", func() bool {
		_, errDead := os.Stat(e.inbox.requestPath(dead))
		_, errExpired := os.Stat(e.inbox.requestPath(expired))
		return errors.Is(errDead, os.ErrNotExist) && errors.Is(errExpired, os.ErrNotExist)
	})
	e.noPrompt()
	rec, err := e.inbox.Serving(time.Now())
	if err != nil || !slices.Equal(rec.Sessions, []string{"s1"}) {
		t.Errorf("record %+v (%v), want it live and naming session s1", rec, err)
	}
}

func TestServerRemovesLeftovers(t *testing.T) {
	inbox := Inbox{Dir: t.TempDir()}
	old := time.Now().Add(-2 * time.Minute)
	write := func(name string, mod time.Time) string {
		path := filepath.Join(inbox.Dir, name)
		if err := os.WriteFile(path, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
		return path
	}
	oldOrphan := write("0000000000000001-0000000000000000"+responseSuffix, old)
	youngOrphan := write("0000000000000002-0000000000000000"+responseSuffix, time.Now())
	oldTemp := write(".a.tmp-1", old)
	youngTemp := write(".b.tmp-2", time.Now())
	garbage := write("0000000000000003-0000000000000000"+requestSuffix, time.Now())
	if err := os.WriteFile(garbage, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := testServer(inbox, func(Request) (*engine.Policy, error) { return engine.NewPolicy(nil), nil })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	waitFor(t, "the leftovers to go", func() bool {
		_, a := os.Stat(oldOrphan)
		_, b := os.Stat(oldTemp)
		return errors.Is(a, os.ErrNotExist) && errors.Is(b, os.ErrNotExist)
	})
	resp, ok, err := inbox.readResponse("0000000000000003-0000000000000000")
	if !ok || err != nil || resp.Action != engine.Deny || resp.By != ByApp {
		t.Errorf("an unreadable request got %+v (%v, %v), want a deny by the app", resp, ok, err)
	}
	for _, keep := range []string{youngOrphan, youngTemp} {
		if _, err := os.Stat(keep); err != nil {
			t.Errorf("%s was removed too early: %v", filepath.Base(keep), err)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(inbox.recordPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the record outlived Serve: %v", err)
	}
}

func TestServerHeartbeat(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a heartbeat")
	}
	e := newE2E(t)
	first, err := e.inbox.readRecord()
	if err != nil {
		t.Fatal(err)
	}
	refreshBy := time.Now().Add(hangLimit) // a refresh is due every HeartbeatEvery; only a hang fails
	for {
		rec, err := e.inbox.readRecord()
		if err == nil && rec.Heartbeat.After(first.Heartbeat) {
			if rec.PID != os.Getpid() || !rec.Started.Equal(first.Started) {
				t.Errorf("refreshed record %+v, want the same pid and start as %+v", rec, first)
			}
			return
		}
		if time.Now().After(refreshBy) {
			t.Fatalf("the heartbeat was not refreshed within %s", hangLimit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The app decides a subagent's forwarded call with every persona of its chain: a persona that
// allows what the session's persona asks about does not turn the ask into an allow by rule.
func TestServerChainPolicyIsNeverLooser(t *testing.T) {
	personas := map[string]engine.Ruleset{
		"cleaner": {{Permission: "*", Pattern: "*", Action: engine.Allow}},
		"builder": {{Permission: "*", Pattern: "*", Action: engine.Allow}, {Permission: "bash", Pattern: "rm *", Action: engine.Ask}},
	}
	s := testServer(Inbox{Dir: t.TempDir()}, func(r Request) (*engine.Policy, error) {
		rs, ok := personas[r.Agent]
		if !ok {
			return nil, errors.New("no persona " + r.Agent)
		}
		return engine.NewPolicy(rs), nil
	})
	pol, err := s.chainPolicy(Request{Agent: "cleaner", Callers: []string{"builder"}})
	if err != nil {
		t.Fatal(err)
	}
	if d := pol.DecideKey("bash", "rm x"); d.Action != engine.Ask || pol.Decider(d.Ref) != "builder" {
		t.Errorf("rm x with cleaner under builder = %s by %q, want builder's ask", d.Action, pol.Decider(d.Ref))
	}
	if _, err := s.chainPolicy(Request{Agent: "cleaner", Callers: []string{"ghost"}}); err == nil {
		t.Error("a chain with a persona the app cannot load was decided")
	}
}
