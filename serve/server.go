package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/sessions"
)

// DefaultMaxLine bounds one request line: a write call carries the whole file it writes.
const DefaultMaxLine = 64 << 20

// Server answers requests read from a stream. Make one with New.
type Server struct {
	// inbox, wait and recorder are where asks are forwarded to the app, how long a forward
	// waits, and the review log every decision is appended to.
	inbox    inbox.Inbox
	wait     inbox.Wait
	recorder approvals.Recorder
	dirs     func(cwd string) locations.Dirs
	sessions func(d locations.Dirs) approvals.SessionStore
	compose  func(d locations.Dirs, p *personas.Persona, session string) (*engine.Policy, []personas.Problem, error)
	dialog   approvals.Authority
	known    []string
	maxLine  int
	version  string
	binary   string

	decider  *decide.Decider // judges and records what it settles
	quiet    *decide.Decider // judges a child's calls, which are recorded naming the child
	catalogs personas.Cache  // the persona catalog, read again when a file changed
	prepared decide.Prepared // what decides a call, kept while its files are unchanged
	asks     asks
	// brokers settle the asks, one per session store (by agent dir), with the approvals'
	// one reply.
	brokersMu sync.Mutex
	brokers   map[string]*approvals.Broker
}

// Option configures a Server.
type Option func(*Server)

// WithInbox has the server forward asks to the app's inbox in, waiting w for the person.
// Without it, asks go to the inbox of the agent dir dirs finds for "".
func WithInbox(in inbox.Inbox, w inbox.Wait) Option {
	return func(s *Server) { s.inbox, s.wait = in, w }
}

// WithRecorder appends every decision to rec (the review log).
func WithRecorder(rec approvals.Recorder) Option { return func(s *Server) { s.recorder = rec } }

// WithSessions sets the session-rule store of the folders d, where an always reply stores its
// rules; the default is the file store (sessions.Open).
func WithSessions(store func(d locations.Dirs) approvals.SessionStore) Option {
	return func(s *Server) { s.sessions = store }
}

// WithCompose sets the policy composition: persona p with the guards and yolo of d and, when
// session is not "", that session's rules; the default is the one composition, policy.For.
func WithCompose(compose func(d locations.Dirs, p *personas.Persona, session string) (*engine.Policy, []personas.Problem, error)) Option {
	return func(s *Server) { s.compose = compose }
}

// WithDialogAuthority is the authority of the replies the client relays from its own dialog
// (reply requests): OperatorAuthority where only the person answers that dialog, as in pi's.
// Without it, ToolAuthority: replies may only tighten, an always reply is refused.
func WithDialogAuthority(a approvals.Authority) Option { return func(s *Server) { s.dialog = a } }

// WithKnownTools are the tools the permission envelope lists, as `agentmgr show --envelope`
// lists them.
func WithKnownTools(tools []string) Option { return func(s *Server) { s.known = tools } }

// WithMaxLine bounds a request line; the default is DefaultMaxLine.
func WithMaxLine(n int) Option {
	return func(s *Server) {
		if n > 0 {
			s.maxLine = n
		}
	}
}

// WithVersion are the version and the binary told to the client in hello.
func WithVersion(version, binary string) Option {
	return func(s *Server) { s.version, s.binary = version, binary }
}

// New makes a server that finds the folders seen from an agent's working directory with dirs.
func New(dirs func(cwd string) locations.Dirs, opts ...Option) *Server {
	s := &Server{
		dirs:     dirs,
		sessions: func(d locations.Dirs) approvals.SessionStore { return sessions.Open(d) },
		compose:  policy.For,
		maxLine:  DefaultMaxLine,
		brokers:  map[string]*approvals.Broker{},
	}
	s.inbox = inbox.In(dirs(""))
	for _, o := range opts {
		o(s)
	}
	written := decide.WithWritten(func(cwd string) decide.WrittenFiles { return sessions.OpenWritten(s.dirs(cwd)) })
	s.decider = decide.NewDecider(decide.WithRecorder(s.recorder), written)
	s.quiet = decide.NewDecider(written)
	return s
}

// conn is one stream's output: replies from forwards come from their own goroutines. The first
// write that fails (the client is gone) ends the stream.
type conn struct {
	mu     sync.Mutex
	enc    *json.Encoder
	err    error
	cancel context.CancelFunc
}

// Serve reads requests from in and writes replies to out until in ends, ctx is done or a reply
// cannot be written (the error is returned). A forward, which waits for a person, is answered
// when it is settled; every other request is answered before the next line is read. When in
// ends, waiting forwards are withdrawn (their callers are gone) before Serve returns.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	cn := &conn{enc: json.NewEncoder(out), cancel: cancel}
	cn.enc.SetEscapeHTML(false)
	var forwards sync.WaitGroup
	defer func() {
		cancel()
		forwards.Wait()
	}()
	if c, ok := in.(io.Closer); ok {
		// A read blocks until the next line; closing the input ends it when ctx ends first
		// (SIGTERM, or a reply that could not be written), so that serve does not outlive its
		// client.
		stop := context.AfterFunc(ctx, func() { c.Close() })
		defer stop()
	}
	r := bufio.NewReaderSize(in, 64<<10)
	for ctx.Err() == nil {
		line, err := readLine(r, s.maxLine)
		// Blank lines are skipped: a client may end its output with an extra newline.
		if len(bytes.TrimSpace(line)) > 0 || errors.Is(err, errLineTooLong) {
			s.handle(ctx, cn, line, err, &forwards)
		}
		switch {
		case cn.failed() != nil:
			return cn.failed()
		case errors.Is(err, io.EOF):
			return nil
		case err != nil && ctx.Err() != nil:
			return cn.failed()
		case err != nil && !errors.Is(err, errLineTooLong):
			return fmt.Errorf("reading requests: %w", err)
		}
	}
	return cn.failed()
}

// handle serves one line.
func (s *Server) handle(ctx context.Context, cn *conn, line []byte, readErr error, forwards *sync.WaitGroup) {
	if readErr != nil {
		// Only a line that is too long gets here.
		cn.write(Reply{Error: fmt.Sprintf("the request is longer than %d bytes and was skipped", s.maxLine)})
		return
	}
	req, err := parseRequest(line)
	if err != nil {
		cn.write(Reply{ID: req.ID, Error: err.Error()})
		return
	}
	if req.Type == TypeForward {
		// A forward waits for a person, up to the gate's timeout: answer it on its own, so
		// that the calls decided meanwhile are not held up behind it.
		forwards.Add(1)
		go func() {
			defer forwards.Done()
			cn.write(s.forward(ctx, req))
		}()
		return
	}
	cn.write(s.answer(req))
}

// answer serves every request type but forward.
func (s *Server) answer(req Request) Reply {
	switch req.Type {
	case TypeHello:
		return Reply{ID: req.ID, Version: s.version, Protocol: ProtocolVersion, PID: os.Getpid(), Binary: s.binary,
			ForwardMs: s.ForwardTimeout().Milliseconds()}
	case TypeDecide:
		return s.decide(req)
	case TypeReply:
		return s.reply(req)
	case TypeAgent:
		return s.agent(req)
	case TypeAgents:
		return s.agents(req)
	case TypeUse:
		return s.use(req)
	case TypePolicy:
		return s.policy(req)
	}
	return Reply{ID: req.ID, Error: fmt.Sprintf("unknown request type %q; expected one of hello, decide, reply, forward, agent, agents, use, policy", req.Type)}
}

// write sends one reply line. A write that fails means the client is gone: the error is kept,
// the stream's context is ended, and later replies are dropped.
func (cn *conn) write(r Reply) {
	if len(r.ID) == 0 {
		r.ID = json.RawMessage("null")
	}
	cn.mu.Lock()
	defer cn.mu.Unlock()
	if cn.err != nil {
		return
	}
	if err := cn.enc.Encode(r); err != nil {
		cn.err = fmt.Errorf("writing a reply: %w", err)
		cn.cancel()
	}
}

// failed is the error of the first write that failed, or nil.
func (cn *conn) failed() error {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return cn.err
}

// errLineTooLong is returned for a line longer than the limit; the line is skipped.
var errLineTooLong = errors.New("the request line is too long")

// readLine reads one line without its newline. A line longer than max is read to its end and
// dropped, with errLineTooLong, so that the stream stays in step.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && len(line) == 0 && !tooLong:
			return nil, err
		}
		if tooLong {
			// At the end of input the next read says io.EOF again.
			return nil, errLineTooLong
		}
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
		}
		return line, err
	}
}
