// Package approvalqueue serves the approval inbox for the app: the prompts agents wait on,
// the recent answers, the session rules "always" stored, and revoking them; plain Go.
package approvalqueue

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// Model is what the Approvals screen shows and does, in plain Go: it serves the inbox
// that `agentmgr gate` forwards questions to, lists the pending prompts and recent answers, and
// the rules each session holds, with revoke.
type Model struct {
	server *inbox.Server
	store  approvals.SessionStore

	mu        sync.Mutex
	cancel    context.CancelFunc // ends serving; nil while not serving
	stopped   chan struct{}      // closed when the serving goroutine returned
	since     time.Time
	lastErr   error // why serving stopped, or the last problem it worked around
	ask       func(ctx context.Context, p *inbox.Prompt)
	listeners []func()
}

// New serves the inbox of dirs' agent dir once Start is called. Session rules and
// the review log are the agent dir's, so that the gate processes see what the person approved.
func New(dirs locations.Dirs) *Model {
	store := sessions.Open(dirs)
	policies := &requestPolicies{dirs: dirs, load: personas.Load}
	return newModel(inbox.In(dirs), store, approvals.New(store, reviewlog.Open(dirs)), policies.policy)
}

func newModel(in inbox.Inbox, store approvals.SessionStore, ap *approvals.Broker, pol func(inbox.Request) (*engine.Policy, error)) *Model {
	m := &Model{store: store}
	m.server = inbox.NewServer(in, ap, pol, m.prompt, inbox.OnChange(m.changed), inbox.OnError(m.NoteError))
	return m
}

// requestPolicies decides whose rules answer a forwarded request: the persona it names, with
// the guards of the project the agent runs in (its cwd) and the agent dir's, and yolo; the
// approvals add the session's rules. The answer is prepared once per project and persona
// (decide.Prepared) and used again while its few files keep their stamps, so a question
// forwarded by a gate costs some stats, not a catalog load and a compile.
type requestPolicies struct {
	dirs     locations.Dirs
	load     func(locations.Dirs) *personas.Catalog // personas.Load
	prepared decide.Prepared
}

func (rp *requestPolicies) policy(r inbox.Request) (*engine.Policy, error) {
	d := rp.dirs
	if filepath.IsAbs(r.Cwd) {
		d = locations.Default(r.Cwd)
		d.Agent = rp.dirs.Agent
	}
	_, pol, _, err := rp.prepared.For(d, func() *personas.Catalog { return rp.load(d) }, decide.Who{Named: r.Agent})
	return pol, err
}

// OnChange registers f to be called after the pending prompts, the recent answers, the session
// rules or the serving state changed. It is called on the goroutine that made the change.
func (m *Model) OnChange(f func()) {
	m.mu.Lock()
	m.listeners = append(m.listeners, f)
	m.mu.Unlock()
}

func (m *Model) changed() {
	m.mu.Lock()
	ls := append([]func(){}, m.listeners...)
	m.mu.Unlock()
	for _, f := range ls {
		f()
	}
}

// NoteError records an error for the status line (a failed start or revoke) and tells the
// listeners.
func (m *Model) NoteError(err error) {
	m.mu.Lock()
	m.lastErr = err
	m.mu.Unlock()
	m.changed()
}

// SetAsk sets what shows a new prompt to the person (the dialog). Without one, prompts are
// only listed.
func (m *Model) SetAsk(f func(ctx context.Context, p *inbox.Prompt)) {
	m.mu.Lock()
	m.ask = f
	m.mu.Unlock()
}

func (m *Model) prompt(ctx context.Context, p *inbox.Prompt) {
	m.mu.Lock()
	ask := m.ask
	m.mu.Unlock()
	if ask != nil {
		ask(ctx, p)
	}
}

// Start serves the inbox in the background until Stop. It fails at once when another app, or
// another model of this process, serves it.
func (m *Model) Start() error {
	m.mu.Lock()
	if m.cancel != nil {
		m.mu.Unlock()
		return nil
	}
	if err := m.server.Listen(); err != nil {
		m.mu.Unlock()
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel, m.stopped, m.since, m.lastErr = cancel, make(chan struct{}), time.Now(), nil
	stopped := m.stopped
	m.mu.Unlock()
	go func() {
		err := m.server.Serve(ctx)
		m.mu.Lock()
		m.cancel = nil
		if err != nil {
			m.lastErr = err
		}
		m.mu.Unlock()
		// Listeners hear of the stop before Stop returns: a notice sent after it would reach
		// widgets its caller has already let go of (a closed window, the next test's).
		m.changed()
		close(stopped)
	}()
	m.changed()
	return nil
}

// Stop stops serving and waits until the record is gone; gates then find nobody serving.
func (m *Model) Stop() {
	m.mu.Lock()
	cancel, stopped := m.cancel, m.stopped
	m.mu.Unlock()
	if cancel != nil {
		cancel()
		<-stopped
	}
}

// ServingState says whether the model serves the inbox, since when, and the last problem.
type ServingState struct {
	Serving bool
	Since   time.Time
	Err     error
}

// State is the serving state now.
func (m *Model) State() ServingState {
	m.mu.Lock()
	defer m.mu.Unlock()
	return ServingState{Serving: m.cancel != nil, Since: m.since, Err: m.lastErr}
}

// Pending is the prompts waiting for the person, oldest first.
func (m *Model) Pending() []*inbox.Prompt { return m.server.Pending() }

// Recent is the latest answers, newest first.
func (m *Model) Recent() []inbox.Answered { return m.server.Recent() }

// Reply answers prompt id as the person.
func (m *Model) Reply(id string, r approvals.Reply) error { return m.server.Reply(id, r) }

// Sessions lists the sessions that hold rules, by id.
func (m *Model) Sessions() ([]approvals.SessionRules, error) { return m.store.List() }

// ErrSessionChanged is wrapped by Revoke's error when the rule shown is no longer where it was.
var ErrSessionChanged = errors.New("the session's rules changed since they were shown")

// Revoke removes rule index (1-based) of session id, as the person. want is the rule as shown:
// when another writer moved or removed it meanwhile, nothing is removed and the error wraps
// ErrSessionChanged.
func (m *Model) Revoke(id string, index int, want engine.Rule) error {
	_, err := approvals.UpdateSession(m.store, id, approvals.OperatorAuthority, func(s approvals.SessionRules) (engine.Ruleset, error) {
		if index < 1 || index > len(s.Rules) || !SameRule(s.Rules[index-1], want) {
			return nil, fmt.Errorf("session %q rule %d: %w; look again", id, index, ErrSessionChanged)
		}
		out := append(engine.Ruleset{}, s.Rules[:index-1]...)
		return append(out, s.Rules[index:]...), nil
	})
	m.changed()
	return err
}

func SameRule(a, b engine.Rule) bool {
	return a.Permission == b.Permission && a.Pattern == b.Pattern && a.Action == b.Action
}
