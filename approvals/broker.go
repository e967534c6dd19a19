package approvals

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// ErrNotPending is wrapped by errors about a request that is not waiting for a reply.
var ErrNotPending = errors.New("request is not pending")

// ErrNothingToRemember is wrapped by the error of an always reply to a request that has no
// suggestions and was given no patterns.
var ErrNothingToRemember = errors.New("nothing to remember")

// ByAgent settles a request the agent withdrew (Broker.Cancel) before anyone replied.
const ByAgent Resolver = "agent"

// Broker turns ask decisions into pending requests and settles them by replies (see
// docs/approvals.md). It is plain Go, safe for concurrent use: the side that talks to the agent calls
// Ask and waits on the Pending; the side that talks to the person lists Pending and calls
// Reply. Session rules live in the store, so that other processes see them and their writes are
// seen here.
type Broker struct {
	store  SessionStore
	rec    Recorder
	now    func() time.Time
	prefix string

	mu       sync.Mutex
	seq      uint64
	pending  []*waiting // in the order asked
	sessions map[string]compiledSession

	// recMu hands the recorder calls over in the order of the state changes that caused them,
	// without holding mu during the recorder's I/O.
	recMu sync.Mutex
}

type waiting struct {
	p      *Pending
	call   Call
	policy *engine.Policy // persona, guards and yolo of the call; the session part is replaced
	// rules are the sessions whose rules decide the call, in order (Held.Rules); an always
	// reply stores into one of them.
	rules []string
	// redecide decides the call again with a policy whose session part changed (an always
	// reply to another request of the session); nil means policy.DecideToolValues.
	redecide func(*engine.Policy) engine.Decision
}

// decide decides w's call with its policy as it is now.
func (w *waiting) decide() engine.Decision {
	if w.redecide != nil {
		return w.redecide(w.policy)
	}
	return w.policy.DecideToolValues(w.call.Tool, w.call.Values)
}

type compiledSession struct {
	revision, generation uint64
	rules                *engine.Compiled
}

// maxCachedSessions bounds the compiled-session cache of a long-running process.
const maxCachedSessions = 256

// New returns approvals over store; rec may be nil.
func New(store SessionStore, rec Recorder) *Broker {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &Broker{store: store, rec: rec, now: time.Now, prefix: hex.EncodeToString(b[:]), sessions: map[string]compiledSession{}}
}

// Ask decides call for policy p with the session's rules as the store holds them now (p's own
// Session is ignored). When the decision is ask, it opens a pending request and returns it
// with the decision; otherwise the Pending is nil.
func (a *Broker) Ask(p *engine.Policy, call Call) (engine.Decision, *Pending, error) {
	if err := ValidateSessionID(call.Session); err != nil {
		return engine.Decision{}, nil, err
	}
	// Read the session under the lock: an always reply stores rules under it too, so no call
	// can be decided on rules older than a reply this process has already stored.
	a.mu.Lock()
	stored, err := a.store.Get(call.Session)
	if err != nil {
		a.mu.Unlock()
		return engine.Decision{}, nil, fmt.Errorf("reading the rules of session %q: %w", call.Session, err)
	}
	pol := withSession(p, a.compile(stored, p.Home()))
	d := pol.DecideToolValues(call.Tool, call.Values)
	var w *waiting
	if d.Action == engine.Ask {
		a.seq++
		req := a.request(call, d, pol.Suggestions(call.Tool, call.Values, d))
		w = &waiting{p: &Pending{Request: req, done: make(chan struct{})}, call: call, policy: pol, rules: []string{call.Session}}
		a.pending = append(a.pending, w)
	}
	a.recMu.Lock()
	a.mu.Unlock()
	defer a.recMu.Unlock()
	if w == nil {
		if a.rec != nil {
			a.rec.Decided(call, d, nil)
		}
		return d, nil, nil
	}
	if a.rec != nil {
		req := w.p.Request
		a.rec.Decided(call, d, &req)
	}
	return d, w.p, nil
}

// Held is a call an adapter's own judge already decided ask, handed to Hold: an adapter whose
// calls carry more than Ask reads (a working directory, a command in a tool's input, a
// subagent's chain of personas) asks through the same replies as the app.
type Held struct {
	// Policy decided the call, session rules included.
	Policy *engine.Policy
	Call   Call
	// Decision is the ask, with Suggestions the patterns an always reply stores by default.
	Decision    engine.Decision
	Suggestions []string
	// Rules are the sessions whose rules make up the policy's session part, in order; empty
	// means Call.Session alone. An always reply stores its rules into the first, or into the
	// one it names (Reply.Into), and settles every pending request whose rules include it.
	Rules []string
	// Redecide judges the call again with a policy whose session part an always reply to
	// another request changed, so that the reply settles it when the new rules allow it; nil
	// decides Call.Tool on Call.Values.
	Redecide func(*engine.Policy) engine.Decision
}

// Hold opens a pending request for h, settled by Reply as a request Ask opened is. The
// request is recorded as Ask records it.
func (a *Broker) Hold(h Held) (*Pending, error) {
	if err := ValidateSessionID(h.Call.Session); err != nil {
		return nil, err
	}
	if h.Decision.Action != engine.Ask {
		return nil, fmt.Errorf("hold: the call was decided %s, not ask", h.Decision.Action)
	}
	rules := h.Rules
	if len(rules) == 0 {
		rules = []string{h.Call.Session}
	}
	for _, id := range rules {
		if err := ValidateSessionID(id); err != nil {
			return nil, fmt.Errorf("hold: the rules of session %q: %w", id, err)
		}
	}
	a.mu.Lock()
	req := a.request(h.Call, h.Decision, append([]string(nil), h.Suggestions...))
	w := &waiting{p: &Pending{Request: req, done: make(chan struct{})}, call: h.Call, policy: h.Policy,
		rules: slices.Clone(rules), redecide: h.Redecide}
	a.pending = append(a.pending, w)
	a.recMu.Lock()
	a.mu.Unlock()
	defer a.recMu.Unlock()
	if a.rec != nil {
		a.rec.Decided(h.Call, h.Decision, &req)
	}
	return w.p, nil
}

// request is the next request for call, decided ask by d. It must be called with mu held.
func (a *Broker) request(call Call, d engine.Decision, suggestions []string) Request {
	a.seq++
	return Request{
		ID: a.prefix + "-" + strconv.FormatUint(a.seq, 10), Session: call.Session, Agent: call.Agent,
		Subagent: call.Subagent, Parent: call.Parent, Tool: call.Tool,
		Permission: d.Permission, Values: append([]string(nil), call.Values...),
		Suggestions: suggestions, Decision: d, Asked: a.now(),
	}
}

// Pending lists the requests waiting for a reply, in the order asked: those of session, or
// all of them when session is "".
func (a *Broker) Pending(session string) []Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := []Request{}
	for _, w := range a.pending {
		if session == "" || w.call.Session == session {
			out = append(out, w.p.Request)
		}
	}
	return out
}

// Reply answers request id and returns every resolution it caused, the request's own first.
// On error nothing is resolved and the request stays pending: the person can answer again.
func (a *Broker) Reply(id string, r Reply) ([]Resolution, error) {
	a.mu.Lock()
	i := a.find(id)
	if i < 0 {
		a.mu.Unlock()
		return nil, fmt.Errorf("request %q: %w (unknown, or already answered)", id, ErrNotPending)
	}
	w := a.pending[i]
	var (
		settled []*waiting
		res     []Resolution
		err     error
	)
	switch r.Kind {
	case Once:
		settled, res = []*waiting{w}, []Resolution{{Request: id, Action: engine.Allow, Reply: Once, By: ByPerson}}
	case Reject:
		settled, res = a.reject(w, r.Message)
	case Always:
		settled, res, err = a.always(w, r)
	default:
		err = fmt.Errorf("request %q: unknown reply %q; expected once, always or reject", id, r.Kind)
	}
	if err != nil {
		a.mu.Unlock()
		return nil, err
	}
	return a.settle(settled, res), nil
}

// Cancel withdraws a pending request, denying it, when the agent no longer waits for it (the
// run was aborted). It reports whether the request was pending.
func (a *Broker) Cancel(id, why string) bool { return a.Withdraw(id, engine.Deny, why) }

// Withdraw settles a pending request the agent's side stopped waiting for, recording what that
// side answered on its own: Claude Code's gate hands an ask it waited for in vain back to
// Claude Code's own prompt (ask), so the record must not say the call was denied. It reports
// whether the request was pending.
func (a *Broker) Withdraw(id string, action engine.Action, why string) bool {
	a.mu.Lock()
	i := a.find(id)
	if i < 0 {
		a.mu.Unlock()
		return false
	}
	a.settle([]*waiting{a.pending[i]}, []Resolution{{Request: id, Action: action, By: ByAgent, Message: why}})
	return true
}

// Handoff drops a pending request without resolving or recording it, because another broker
// answers the call from now on (serve forwards an ask to the app, whose approvals settle and
// record it). It reports whether the request was pending.
func (a *Broker) Handoff(id string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	i := a.find(id)
	if i < 0 {
		return false
	}
	a.pending = slices.Delete(a.pending, i, i+1)
	return true
}

func (a *Broker) find(id string) int {
	for i, w := range a.pending {
		if w.p.ID == id {
			return i
		}
	}
	return -1
}

// reject denies w and every other pending request of its session.
func (a *Broker) reject(w *waiting, msg string) ([]*waiting, []Resolution) {
	settled := []*waiting{w}
	res := []Resolution{{Request: w.p.ID, Action: engine.Deny, Reply: Reject, By: ByPerson, Message: msg}}
	for _, o := range a.pending {
		if o != w && o.call.Session == w.call.Session {
			settled = append(settled, o)
			res = append(res, Resolution{Request: o.p.ID, Action: engine.Deny, Reply: Reject, By: ByPerson, Cause: w.p.ID, Message: msg})
		}
	}
	return settled, res
}

// always stores an allow rule per pattern in the session the reply names (one of w's rule
// sessions, the first by default), allows w, and allows every other pending request whose
// rules include that session and now let it through.
func (a *Broker) always(w *waiting, r Reply) ([]*waiting, []Resolution, error) {
	into := r.Into
	if into == "" {
		into = w.rules[0]
	}
	if !slices.Contains(w.rules, into) {
		return nil, nil, fmt.Errorf("request %q: session %q holds none of the rules that decide it (%s); an always is stored into one of those",
			w.p.ID, into, strings.Join(w.rules, ", "))
	}
	patterns := r.Patterns
	if len(patterns) == 0 {
		patterns = w.p.Suggestions
	}
	if len(patterns) == 0 {
		return nil, nil, fmt.Errorf("request %q: %w: no session rule can allow this call (%s); reply once or reject",
			w.p.ID, ErrNothingToRemember, w.p.Decision.Explain())
	}
	var add engine.Ruleset
	var seen []string
	for _, p := range patterns {
		if !slices.Contains(seen, p) {
			seen = append(seen, p)
			add = append(add, engine.Rule{Permission: w.p.Permission, Pattern: p, Action: engine.Allow})
		}
	}
	stored, err := AppendSessionRules(a.store, into, r.By, add...)
	if err != nil {
		return nil, nil, fmt.Errorf("request %q: storing the always rules: %w", w.p.ID, err)
	}
	settled := []*waiting{w}
	res := []Resolution{{Request: w.p.ID, Action: engine.Allow, Reply: Always, By: ByPerson,
		Rules: append(engine.Ruleset(nil), stored.Rules[len(stored.Rules)-len(add):]...), Revision: stored.Revision}}
	for _, o := range a.pending {
		if o == w || !slices.Contains(o.rules, into) {
			continue
		}
		session, err := a.sessionPart(o.rules, stored, o.policy.Home())
		if err != nil {
			// The request stays pending, decided on the rules it had: never looser.
			continue
		}
		o.policy = withSession(o.policy, session)
		if o.decide().Action == engine.Allow {
			settled = append(settled, o)
			res = append(res, Resolution{Request: o.p.ID, Action: engine.Allow, Reply: Always, By: BySessionRule, Cause: w.p.ID, Revision: stored.Revision})
		}
	}
	return settled, res, nil
}

// sessionPart is the session part of a policy decided by the rules of sessions ids, in order,
// fresh being what one of them holds now (just stored), compiled with the policy's home. It
// must be called with mu held.
func (a *Broker) sessionPart(ids []string, fresh SessionRules, home string) (*engine.Compiled, error) {
	if len(ids) == 1 && ids[0] == fresh.ID {
		return a.compile(fresh, home), nil
	}
	var rules engine.Ruleset
	for _, id := range ids {
		s := fresh
		if id != fresh.ID {
			var err error
			if s, err = a.store.Get(id); err != nil {
				return nil, err
			}
		}
		rules = append(rules, s.Rules...)
	}
	return engine.CompileWithHome(rules, home), nil
}

// settle resolves the requests, drops them from the pending list, unlocks mu, and tells the
// recorder. It must be called with mu held.
func (a *Broker) settle(ws []*waiting, res []Resolution) []Resolution {
	keep := a.pending[:0]
	for _, w := range a.pending {
		if !slices.Contains(ws, w) {
			keep = append(keep, w)
		}
	}
	clear(a.pending[len(keep):])
	a.pending = keep
	for i, w := range ws {
		w.p.res = res[i]
		close(w.p.done)
	}
	a.recMu.Lock()
	a.mu.Unlock()
	defer a.recMu.Unlock()
	if a.rec != nil {
		for i, w := range ws {
			a.rec.Resolved(w.p.Request, res[i])
		}
	}
	return res
}

// compile returns the session's rules compiled with home (the persona's: one `~` for every
// rule of a call), reusing the last compilation while the revision holds. It must be called
// with mu held.
func (a *Broker) compile(s SessionRules, home string) *engine.Compiled {
	if c, ok := a.sessions[s.ID]; ok && c.revision == s.Revision && c.generation == s.Generation && c.rules.Home() == home {
		return c.rules
	}
	if len(a.sessions) >= maxCachedSessions {
		clear(a.sessions)
	}
	c := compiledSession{revision: s.Revision, generation: s.Generation, rules: engine.CompileWithHome(s.Rules, home)}
	a.sessions[s.ID] = c
	return c.rules
}
