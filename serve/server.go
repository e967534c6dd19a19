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
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// DefaultMaxLine bounds one request line: a write call carries the whole file it writes.
const DefaultMaxLine = 64 << 20

// Server answers requests read from a stream. Its fields are set once, before Serve.
type Server struct {
	// Inbox, Wait and Recorder are the gate's: where asks are forwarded to the app, how long
	// a forward waits, and the review log every decision is appended to.
	Inbox    gate.Inbox
	Wait     gate.Wait
	Recorder approvals.Recorder
	// Dirs finds the folders seen from the agent's working directory.
	Dirs func(cwd string) locations.Dirs
	// Sessions is the session-rule store of dirs, where an always reply stores its rules.
	Sessions func(d locations.Dirs) approvals.SessionStore
	// Compose is the one policy composition (policy.For): persona p with the guards and yolo
	// of d and, when session is not "", that session's rules.
	Compose func(d locations.Dirs, p *personas.Persona, session string) (*engine.Policy, []personas.Problem, error)
	// DialogAuthority is the authority of the replies the client relays from its own dialog
	// (reply requests): OperatorAuthority where only the person answers that dialog, as in
	// pi's. The zero value, ToolAuthority, may only tighten: an always reply is refused.
	DialogAuthority approvals.Authority
	// KnownTools are the tools the permission envelope lists, as `agentmgr show --envelope`
	// lists them.
	KnownTools []string
	// MaxLine bounds a request line; 0 means DefaultMaxLine.
	MaxLine int
	// Version and Binary are told to the client in hello.
	Version, Binary string

	gate     *gate.Gate
	catalogs personas.Cache // the persona catalog, read again when a file changed
	asks     asks
	// brokers settle the asks, one per session store (by agent dir), with the approvals'
	// one reply.
	brokersMu sync.Mutex
	brokers   map[string]*approvals.Broker
	out       struct {
		sync.Mutex
		enc *json.Encoder
	}
}

// Serve reads requests from in and writes replies to out until in ends or ctx is done. A
// forward, which waits for a person, is answered when it is settled; every other request is
// answered before the next line is read. When in ends, waiting forwards are withdrawn (their
// callers are gone) before Serve returns.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	if s.Dirs == nil || s.Sessions == nil || s.Compose == nil {
		return errors.New("serve: Dirs, Sessions and Compose are required")
	}
	s.gate = &gate.Gate{Inbox: s.Inbox, Policy: s.policy, Wait: s.Wait, Recorder: s.Recorder}
	s.out.enc = json.NewEncoder(out)
	s.out.enc.SetEscapeHTML(false)
	ctx, cancel := context.WithCancel(ctx)
	var forwards sync.WaitGroup
	defer func() {
		cancel()
		forwards.Wait()
	}()
	if c, ok := in.(io.Closer); ok {
		// A read blocks until the next line; closing the input ends it when ctx ends first
		// (SIGTERM), so that serve does not outlive its client.
		stop := context.AfterFunc(ctx, func() { c.Close() })
		defer stop()
	}
	r := bufio.NewReaderSize(in, 64<<10)
	for ctx.Err() == nil {
		line, err := readLine(r, s.maxLine())
		// Blank lines are skipped: a client may end its output with an extra newline.
		if len(bytes.TrimSpace(line)) > 0 || errors.Is(err, errLineTooLong) {
			s.handle(ctx, line, err, &forwards)
		}
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil && ctx.Err() != nil:
			return nil
		case err != nil && !errors.Is(err, errLineTooLong):
			return fmt.Errorf("reading requests: %w", err)
		}
	}
	return nil
}

func (s *Server) maxLine() int {
	if s.MaxLine <= 0 {
		return DefaultMaxLine
	}
	return s.MaxLine
}

// handle serves one line.
func (s *Server) handle(ctx context.Context, line []byte, readErr error, forwards *sync.WaitGroup) {
	if readErr != nil {
		// Only a line that is too long gets here.
		s.write(Reply{Error: fmt.Sprintf("the request is longer than %d bytes and was skipped", s.maxLine())})
		return
	}
	req, err := parseRequest(line)
	if err != nil {
		s.write(Reply{ID: req.ID, Error: err.Error()})
		return
	}
	if req.Type == TypeForward {
		// A forward waits for a person, up to the gate's timeout: answer it on its own, so
		// that the calls decided meanwhile are not held up behind it.
		forwards.Add(1)
		go func() {
			defer forwards.Done()
			s.write(s.forward(ctx, req))
		}()
		return
	}
	s.write(s.answer(req))
}

// answer serves every request type but forward.
func (s *Server) answer(req Request) Reply {
	switch req.Type {
	case TypeHello:
		return Reply{ID: req.ID, Version: s.Version, Protocol: ProtocolVersion, PID: os.Getpid(), Binary: s.Binary,
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
	}
	return Reply{ID: req.ID, Error: fmt.Sprintf("unknown request type %q; expected one of hello, decide, reply, forward, agent, agents, use", req.Type)}
}

// write sends one reply line. Replies from forwards come from their own goroutines.
func (s *Server) write(r Reply) {
	if len(r.ID) == 0 {
		r.ID = json.RawMessage("null")
	}
	s.out.Lock()
	defer s.out.Unlock()
	// An encoding error cannot happen for these types, and a write error means the client is
	// gone: the next read ends the loop.
	_ = s.out.enc.Encode(r)
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
