package approvals

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// events records what Broker tells its recorder, one line per event.
type events struct {
	mu    sync.Mutex
	lines []string
}

func (e *events) Decided(call Call, d engine.Decision, req *Request) {
	e.mu.Lock()
	defer e.mu.Unlock()
	id := "-"
	if req != nil {
		id = req.ID
	}
	e.lines = append(e.lines, fmt.Sprintf("decided %s %s %v %s", id, call.Tool, call.Values, d.Action))
}

func (e *events) Resolved(req Request, res Resolution) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.lines = append(e.lines, fmt.Sprintf("resolved %s %s %s by %s", req.ID, res.Action, res.Reply, res.By))
}

// askPersona asks for everything but reads, and denies .env files everywhere.
var askPersona = rules("*", "*", "ask", "read", "*", "allow", "edit", "*.env", "deny", "bash", "rm *", "deny")

type fixture struct {
	t     *testing.T
	store *MemoryStore
	ap    *Broker
	rec   *events
	pol   *engine.Policy
}

func newFixture(t *testing.T, persona engine.Ruleset, guards ...engine.Ruleset) *fixture {
	f := &fixture{t: t, store: NewMemoryStore(), rec: &events{}}
	f.ap = New(f.store, f.rec)
	f.pol = &engine.Policy{Persona: engine.Compile(persona)}
	for i, g := range guards {
		f.pol.Guards = append(f.pol.Guards, engine.Compile(g.WithSource(engine.Source{Kind: engine.FromGuard, Name: fmt.Sprintf("guards%d.yaml", i)})))
	}
	return f
}

// ask asks for a call and fails unless the decision is want; it returns the pending request
// when there is one.
func (f *fixture) ask(session, tool string, want engine.Action, values ...string) *Pending {
	f.t.Helper()
	d, p, err := f.ap.Ask(f.pol, Call{Session: session, Agent: "builder", Tool: tool, Values: values})
	if err != nil {
		f.t.Fatalf("Ask(%s %s %q): %v", session, tool, values, err)
	}
	if d.Action != want {
		f.t.Fatalf("Ask(%s %s %q) = %s (%s), want %s", session, tool, values, d.Action, d.Explain(), want)
	}
	if (p != nil) != (want == engine.Ask) {
		f.t.Fatalf("Ask(%s %s %q) decided %s with pending request %v", session, tool, values, d.Action, p != nil)
	}
	return p
}

func (f *fixture) reply(p *Pending, r Reply) []Resolution {
	f.t.Helper()
	res, err := f.ap.Reply(p.ID, r)
	if err != nil {
		f.t.Fatalf("Reply(%s, %+v): %v", p.ID, r, err)
	}
	return res
}

func resolution(t *testing.T, p *Pending) Resolution {
	t.Helper()
	r, ok := p.Resolution()
	if !ok {
		t.Fatalf("request %s (%s %q) is still pending, want resolved", p.ID, p.Tool, p.Values)
	}
	return r
}

func stillPending(t *testing.T, p *Pending) {
	t.Helper()
	if r, ok := p.Resolution(); ok {
		t.Fatalf("request %s (%s %q) was resolved %+v, want still pending", p.ID, p.Tool, p.Values, r)
	}
}

var operator = Reply{Kind: Always, By: OperatorAuthority}

func TestRequestCarriesTheCall(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "git push origin main")
	want := Request{ID: p.ID, Session: "s1", Agent: "builder", Tool: "bash", Permission: "bash", Values: []string{"git push origin main"}, Suggestions: []string{"git push *"}}
	got := p.Request
	if got.ID == "" || got.Session != want.Session || got.Agent != want.Agent || got.Tool != want.Tool || got.Permission != want.Permission ||
		!slices.Equal(got.Values, want.Values) || !slices.Equal(got.Suggestions, want.Suggestions) || got.Decision.Action != engine.Ask || got.Asked.IsZero() {
		t.Errorf("request = %+v, want %+v with the ask decision and a time", got, want)
	}
	if list := f.ap.Pending("s1"); len(list) != 1 || list[0].ID != p.ID {
		t.Errorf("Pending(s1) = %v, want the one request", list)
	}
	if list := f.ap.Pending("other"); len(list) != 0 {
		t.Errorf("Pending(other) = %v, want none", list)
	}
}

func TestOnceAllowsOnlyThisCall(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "make test")
	other := f.ask("s1", "bash", engine.Ask, "make test")
	res := f.reply(p, Reply{Kind: Once})
	if len(res) != 1 || res[0].Action != engine.Allow || res[0].By != ByPerson || res[0].Reply != Once {
		t.Errorf("once resolutions = %+v, want only this request allowed by the person", res)
	}
	stillPending(t, other)
	f.ask("s1", "bash", engine.Ask, "make test") // nothing was remembered
	if got, _ := f.store.Get("s1"); got.Revision != 0 {
		t.Errorf("once wrote session rules: %+v", got)
	}
}

func TestAlwaysStoresRulesAndSettlesWhatNowPasses(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "git push origin main")
	same := f.ask("s1", "bash", engine.Ask, "git push --force")
	unrelated := f.ask("s1", "bash", engine.Ask, "git status")
	otherSession := f.ask("s2", "bash", engine.Ask, "git push x")
	res := f.reply(p, operator)

	if len(res) != 2 || res[0].Request != p.ID || res[1].Request != same.ID {
		t.Fatalf("always resolutions = %+v, want this request then %s", res, same.ID)
	}
	if r := resolution(t, p); r.Action != engine.Allow || r.By != ByPerson || r.Reply != Always || r.Revision != 1 ||
		len(r.Rules) != 1 || r.Rules[0].Pattern != "git push *" || r.Rules[0].Source.Kind != engine.FromSession {
		t.Errorf("replied request resolved %+v, want allowed by the person with the stored session rule", r)
	}
	if r := resolution(t, same); r.Action != engine.Allow || r.By != BySessionRule || r.Cause != p.ID {
		t.Errorf("request covered by the new rule resolved %+v, want allowed by session rule caused by %s", r, p.ID)
	}
	stillPending(t, unrelated)
	stillPending(t, otherSession)

	stored, _ := f.store.Get("s1")
	if len(stored.Rules) != 1 || stored.Rules[0] != (engine.Rule{Permission: "bash", Pattern: "git push *", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession, Name: "s1", Line: 1}}) {
		t.Errorf("stored session rules = %v, want bash \"git push *\" allow", stored.Rules)
	}
	d, _, _ := f.ap.Ask(f.pol, Call{Session: "s1", Tool: "bash", Values: []string{"git push origin dev"}})
	if d.Action != engine.Allow || d.Source() != "session" {
		t.Errorf("a later call = %s from %s, want allow from the session", d.Action, d.Source())
	}
	f.ask("s2", "bash", engine.Ask, "git push y") // other sessions are not touched
}

func TestAlwaysStoresEditedPatterns(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "edit", engine.Ask, "src/app/main.go")
	if !slices.Equal(p.Suggestions, []string{"src/app/*"}) {
		t.Fatalf("suggestions = %q, want the file's folder", p.Suggestions)
	}
	f.reply(p, Reply{Kind: Always, By: OperatorAuthority, Patterns: []string{"src/*", "src/*", "docs/*"}})
	stored, _ := f.store.Get("s1")
	var got []string
	for _, r := range stored.Rules {
		got = append(got, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	if want := []string{"edit src/* allow", "edit docs/* allow"}; !slices.Equal(got, want) {
		t.Errorf("stored %q, want %q (edited patterns, each once)", got, want)
	}
	f.ask("s1", "write", engine.Allow, "src/other/x.go")
}

func TestAlwaysCannotBeatADeny(t *testing.T) {
	guard := rules("edit", "src/secret/*", "deny")
	f := newFixture(t, askPersona, guard)
	p := f.ask("s1", "edit", engine.Ask, "src/a.go")
	f.reply(p, Reply{Kind: Always, By: OperatorAuthority, Patterns: []string{"src/*", "*"}})
	f.ask("s1", "edit", engine.Allow, "src/b.go")
	tests := []struct{ value, source string }{
		{"src/.env", "rules"},           // the persona's deny
		{"src/secret/key", "guard"},     // the guard's deny
		{"elsewhere/prod.env", "rules"}, // a wider always does not help either
		{"src/secret/x.env", "rules"},   // both deny: a guard only replaces a looser decision
	}
	for _, tt := range tests {
		d, pend, err := f.ap.Ask(f.pol, Call{Session: "s1", Tool: "edit", Values: []string{tt.value}})
		if err != nil || d.Action != engine.Deny || pend != nil || d.Source() != tt.source {
			t.Errorf("edit %q after always src/* = %s from %q (pending %v, err %v), want deny from %s", tt.value, d.Action, d.Source(), pend != nil, err, tt.source)
		}
	}
}

func TestAlwaysNeedsOperatorAuthority(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "make")
	_, err := f.ap.Reply(p.ID, Reply{Kind: Always})
	var ae *AuthorityError
	if !errors.As(err, &ae) {
		t.Fatalf("always without operator authority: err = %v, want *AuthorityError", err)
	}
	stillPending(t, p)
	if got, _ := f.store.Get("s1"); got.Revision != 0 {
		t.Errorf("refused always wrote %+v", got)
	}
	f.reply(p, Reply{Kind: Once}) // the person can still answer
}

func TestAlwaysWithNothingToRemember(t *testing.T) {
	// A guard's ask cannot be lifted by a session rule, so there is nothing to suggest.
	f := newFixture(t, rules("*", "*", "allow"), rules("webfetch", "*", "ask"))
	p := f.ask("s1", "fetch_content", engine.Ask, "https://example.com")
	if len(p.Suggestions) != 0 {
		t.Errorf("suggestions for a guard's ask = %q, want none", p.Suggestions)
	}
	if _, err := f.ap.Reply(p.ID, operator); !errors.Is(err, ErrNothingToRemember) {
		t.Errorf("always with no suggestion: err = %v, want ErrNothingToRemember", err)
	}
	stillPending(t, p)
	// Patterns given by the person are stored, though they do not lift the guard.
	f.reply(p, Reply{Kind: Always, By: OperatorAuthority, Patterns: []string{"*"}})
	f.ask("s1", "fetch_content", engine.Ask, "https://example.com")
}

func TestRejectDeniesTheSessionsRequests(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "curl x")
	second := f.ask("s1", "edit", engine.Ask, "a.go")
	other := f.ask("s2", "bash", engine.Ask, "curl x")
	res := f.reply(p, Reply{Kind: Reject, Message: "use the mock server"})
	if len(res) != 2 {
		t.Fatalf("reject resolutions = %+v, want this request and the other one of s1", res)
	}
	if r := resolution(t, p); r.Action != engine.Deny || r.Message != "use the mock server" || r.By != ByPerson || r.Cause != "" {
		t.Errorf("rejected request resolved %+v, want denied by the person with the message", r)
	}
	if r := resolution(t, second); r.Action != engine.Deny || r.Reply != Reject || r.Cause != p.ID || r.Message != "use the mock server" {
		t.Errorf("other request of the session resolved %+v, want rejected with cause %s", r, p.ID)
	}
	stillPending(t, other)
	if list := f.ap.Pending(""); len(list) != 1 || list[0].ID != other.ID {
		t.Errorf("Pending() after reject = %v, want only the other session's request", list)
	}
}

func TestReplyRefusals(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "make")
	if _, err := f.ap.Reply(p.ID, Reply{Kind: "maybe"}); err == nil || !strings.Contains(err.Error(), "expected once, always or reject") {
		t.Errorf("unknown reply kind: err = %v, want the kinds listed", err)
	}
	stillPending(t, p)
	f.reply(p, Reply{Kind: Once})
	for _, id := range []string{p.ID, "nope"} {
		if _, err := f.ap.Reply(id, Reply{Kind: Once}); !errors.Is(err, ErrNotPending) {
			t.Errorf("Reply(%q) again: err = %v, want ErrNotPending", id, err)
		}
	}
	if _, _, err := f.ap.Ask(f.pol, Call{Session: "../x", Tool: "bash"}); !errors.Is(err, ErrInvalidSessionID) {
		t.Errorf("Ask with a bad session id: err = %v, want ErrInvalidSessionID", err)
	}
}

func TestAskSeesRulesWrittenElsewhere(t *testing.T) {
	f := newFixture(t, askPersona)
	f.ask("s1", "bash", engine.Ask, "make build")
	// The operator allows it through the CLI, another writer of the same store.
	if _, err := AppendSessionRules(f.store, "s1", OperatorAuthority, engine.Rule{Permission: "bash", Pattern: "make *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	f.ask("s1", "bash", engine.Allow, "make build")
	// A session rule never opens what the persona denies.
	if _, err := AppendSessionRules(f.store, "s1", OperatorAuthority, engine.Rule{Permission: "bash", Pattern: "*", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	f.ask("s1", "bash", engine.Deny, "rm -rf build")
}

func TestYoloNeverAsks(t *testing.T) {
	f := newFixture(t, askPersona)
	f.pol.Yolo = true
	f.ask("s1", "bash", engine.Allow, "curl x")
	f.ask("s1", "bash", engine.Deny, "rm -rf /")
	if list := f.ap.Pending(""); len(list) != 0 {
		t.Errorf("yolo left pending requests %v", list)
	}
}

func TestRecorderSeesEveryDecisionAndResolutionInOrder(t *testing.T) {
	f := newFixture(t, askPersona)
	f.ask("s1", "read", engine.Allow, "a.go")
	p := f.ask("s1", "bash", engine.Ask, "git push a")
	q := f.ask("s1", "bash", engine.Ask, "git push b")
	f.ask("s1", "bash", engine.Deny, "rm x")
	f.reply(p, operator)
	want := []string{
		"decided - read [a.go] allow",
		"decided " + p.ID + " bash [git push a] ask",
		"decided " + q.ID + " bash [git push b] ask",
		"decided - bash [rm x] deny",
		"resolved " + p.ID + " allow always by person",
		"resolved " + q.ID + " allow always by session rule",
	}
	if !slices.Equal(f.rec.lines, want) {
		t.Errorf("recorder saw\n%s\nwant\n%s", strings.Join(f.rec.lines, "\n"), strings.Join(want, "\n"))
	}
}

func TestCancelAndWait(t *testing.T) {
	f := newFixture(t, askPersona)
	p := f.ask("s1", "bash", engine.Ask, "make")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := p.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait on a pending request: err = %v, want the deadline", err)
	}
	go func() {
		if !f.ap.Cancel(p.ID, "run aborted") {
			t.Errorf("Cancel(%s) = false, want true", p.ID)
		}
	}()
	r, err := p.Wait(context.Background())
	if err != nil || r.Action != engine.Deny || r.By != ByAgent || r.Message != "run aborted" {
		t.Errorf("Wait after Cancel = %+v, %v, want denied by the agent", r, err)
	}
	if f.ap.Cancel(p.ID, "again") {
		t.Errorf("Cancel of a settled request = true, want false")
	}
}

func TestConcurrentRepliesSettleEachRequestOnce(t *testing.T) {
	f := newFixture(t, askPersona)
	var ps []*Pending
	for i := 0; i < 40; i++ {
		ps = append(ps, f.ask(fmt.Sprintf("s%d", i%4), "bash", engine.Ask, fmt.Sprintf("cmd%d x", i)))
	}
	var wg sync.WaitGroup
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind := []ReplyKind{Once, Always, Reject}[i%3]
			// Replies race with the rejects of their session; losing the race is ErrNotPending.
			if _, err := f.ap.Reply(p.ID, Reply{Kind: kind, By: OperatorAuthority}); err != nil && !errors.Is(err, ErrNotPending) {
				t.Errorf("Reply(%s, %s): %v", p.ID, kind, err)
			}
		}()
	}
	wg.Wait()
	resolved := map[string]int{}
	for _, line := range f.rec.lines {
		if fields := strings.Fields(line); fields[0] == "resolved" {
			resolved[fields[1]]++
		}
	}
	for _, p := range ps {
		resolution(t, p)
		if resolved[p.ID] != 1 {
			t.Errorf("request %s was recorded resolved %d times, want once", p.ID, resolved[p.ID])
		}
	}
}
