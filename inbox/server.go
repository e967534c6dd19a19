package inbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// ByApp says the app settled a request without asking anyone, because it could not decide it
// (its persona would not load); such a request is denied.
const ByApp approvals.Resolver = "app"

// Server serves the inbox for the app: it keeps the serving record fresh, picks requests up,
// decides them again with the app's approvals (a session rule added meanwhile may already
// allow them), hands the ones that still ask to the person, and writes every answer back with
// who decided. It is plain Go; the GUI supplies the ask function and renders Pending and
// Recent. Make one with NewServer.
type Server struct {
	inbox     Inbox
	approvals *approvals.Broker
	policy    func(r Request) (*engine.Policy, error)
	ask       func(ctx context.Context, p *Prompt)
	onChange  func()
	onError   func(error)
	poll      time.Duration

	mu       sync.Mutex
	prompts  map[string]*Prompt // by request id, while pending
	order    []string           // pending request ids, in the order picked up
	seen     map[string]bool    // request ids picked up, so that none is asked twice
	ids      map[string]string  // inbox id by approvals id, to name what caused a resolution
	idOrder  []string           // the keys of ids, oldest first
	recent   []Answered         // latest last
	sessions []string
	started  time.Time
	release  func() // gives the inbox up; nil while not listening
}

// ServerOption configures a Server.
type ServerOption func(*Server)

// OnChange has the server call f after Pending or Recent changed, from its goroutines.
func OnChange(f func()) ServerOption { return func(s *Server) { s.onChange = f } }

// OnError has the server tell f about problems it works around: an unreadable request, a
// record it could not write.
func OnError(f func(error)) ServerOption { return func(s *Server) { s.onError = f } }

// Poll sets how often the inbox is scanned; the default is 50 ms.
func Poll(d time.Duration) ServerOption {
	return func(s *Server) {
		if d > 0 {
			s.poll = d
		}
	}
}

// NewServer makes the server of inbox in. Approvals settle its requests (their session rules,
// the once/always/reject reply); policy loads the persona and guards that decide a request
// (the request's Agent, with the guards of its Cwd's project; the session's rules come from
// the approvals' store); ask shows a prompt to the person: it runs on its own goroutine and
// may return at once or block, the person answers with Prompt.Reply, and ctx ends when the
// request is settled in another way (an always or reject of another request, the gate giving
// up), when the prompt should go away.
func NewServer(in Inbox, ap *approvals.Broker, policy func(r Request) (*engine.Policy, error), ask func(ctx context.Context, p *Prompt), opts ...ServerOption) *Server {
	s := &Server{inbox: in, approvals: ap, policy: policy, ask: ask, poll: 50 * time.Millisecond,
		prompts: map[string]*Prompt{}, seen: map[string]bool{}, ids: map[string]string{}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// ErrAlreadyServing is wrapped by Serve's error when another live process serves the inbox.
var ErrAlreadyServing = errors.New("another agentmgr is already serving the inbox")

// servedHere are the inboxes served by this process. The record names only the process, so
// two servers in one process would both look live and both ask the person.
var servedHere struct {
	sync.Mutex
	dirs map[string]bool
}

// claimInbox marks in as served by this process, or says that it already is.
func claimInbox(in Inbox) (release func(), err error) {
	dir, err := filepath.Abs(in.Dir)
	if err != nil {
		return nil, fmt.Errorf("cannot serve the inbox %s: %w", in.Dir, err)
	}
	servedHere.Lock()
	defer servedHere.Unlock()
	if servedHere.dirs[dir] {
		return nil, fmt.Errorf("%w (this process serves it already)", ErrAlreadyServing)
	}
	if servedHere.dirs == nil {
		servedHere.dirs = map[string]bool{}
	}
	servedHere.dirs[dir] = true
	return func() {
		servedHere.Lock()
		delete(servedHere.dirs, dir)
		servedHere.Unlock()
	}, nil
}

// maxRecent bounds Server.Recent.
const maxRecent = 100

// Answered is a request the server settled, for the list of recent answers.
type Answered struct {
	Request  Request
	Response Response
	// Withdrawn is set when the gate stopped waiting before anyone answered; no response
	// was written then.
	Withdrawn bool
}

// Listen claims the inbox and publishes the serving record, so that gates see a live server
// from now on. It refuses while another live process, or another Server of this process,
// serves the same inbox. Serve calls it when it was not called before.
func (s *Server) Listen() error {
	if s.approvals == nil || s.policy == nil || s.ask == nil {
		return errors.New("inbox server: approvals, policy and ask are required")
	}
	s.mu.Lock()
	listening := s.release != nil
	s.mu.Unlock()
	if listening {
		return nil
	}
	if rec, err := s.inbox.Serving(time.Now()); err == nil && rec.PID != os.Getpid() {
		return fmt.Errorf("%w (pid %d); close it first", ErrAlreadyServing, rec.PID)
	}
	release, err := claimInbox(s.inbox)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.started, s.release = time.Now().UTC(), release
	s.mu.Unlock()
	if err := s.beat(); err != nil {
		s.stop()
		return err
	}
	return nil
}

// Serve serves the inbox until ctx ends, then removes its record and withdraws what is still
// pending; a Server can Listen and Serve again afterwards.
func (s *Server) Serve(ctx context.Context) error {
	if err := s.Listen(); err != nil {
		return err
	}
	defer s.stop()

	scan := time.NewTicker(s.poll)
	defer scan.Stop()
	beat := time.NewTicker(HeartbeatEvery)
	defer beat.Stop()
	for {
		s.scan(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-beat.C:
			if err := s.beat(); err != nil {
				s.report(err)
			}
		case <-scan.C:
		}
	}
}

// beat writes the serving record with a fresh heartbeat.
func (s *Server) beat() error {
	s.mu.Lock()
	r := Record{Version: protocolVersion, PID: os.Getpid(), Started: s.started, Heartbeat: time.Now().UTC(),
		Sessions: append([]string{}, s.sessions...)}
	s.mu.Unlock()
	return s.inbox.writeJSON(s.inbox.recordPath(), r)
}

// stop removes the record, if it is still this process's, withdraws pending prompts (their
// gates then find nobody serving and answer on their own), and releases the inbox.
func (s *Server) stop() {
	if r, err := s.inbox.readRecord(); err == nil && r.PID == os.Getpid() {
		os.Remove(s.inbox.recordPath())
	}
	for _, p := range s.Pending() {
		s.approvals.Cancel(p.pending.ID, "the app stopped serving")
	}
	s.mu.Lock()
	release := s.release
	s.release = nil
	s.mu.Unlock()
	if release != nil {
		release()
	}
}

func (s *Server) report(err error) {
	if s.onError != nil && err != nil {
		s.onError(err)
	}
}

func (s *Server) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}

// Pending returns the prompts waiting for the person, in the order they were picked up.
func (s *Server) Pending() []*Prompt {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Prompt, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, s.prompts[id])
	}
	return out
}

// Recent returns the latest settled requests, newest first.
func (s *Server) Recent() []Answered {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Answered, len(s.recent))
	for i, a := range s.recent {
		out[len(out)-1-i] = a
	}
	return out
}

// Reply answers the pending request id (an inbox id, as Prompt.ID gives it). The reply is
// the person's: it is given operator authority, so that an always may store allow rules.
func (s *Server) Reply(id string, r approvals.Reply) error {
	s.mu.Lock()
	p, ok := s.prompts[id]
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("request %s: %w (answered, withdrawn, or unknown)", id, approvals.ErrNotPending)
	}
	r.By = approvals.OperatorAuthority
	_, err := s.approvals.Reply(p.pending.ID, r)
	return err
}
