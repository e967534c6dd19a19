package inbox

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

// Leftovers older than these are removed by the server: a response nobody collected (its gate
// gave up just as the person answered), a temporary file of a writer that crashed.
const (
	orphanAfter = 10 * time.Second
	tempAfter   = time.Minute
)

// scan picks new requests up, withdraws the prompts whose gates stopped waiting, and removes
// leftovers.
func (s *Server) scan(ctx context.Context) {
	files, temps, err := s.inbox.files()
	if err != nil {
		s.report(err)
		return
	}
	now := time.Now()
	requests, responses := map[string]bool{}, map[string]time.Time{}
	for _, f := range files {
		if f.response {
			responses[f.id] = f.mod
		} else {
			requests[f.id] = true
		}
	}
	for _, f := range files {
		if f.response || s.wasSeen(f.id) {
			continue
		}
		if _, answered := responses[f.id]; !answered {
			s.pickUp(ctx, f.id, now)
		}
	}
	for _, p := range s.Pending() {
		switch {
		case !requests[p.Request.ID]:
			// The gate gave up waiting and answered by itself, as unanswered says.
			action, why := engine.Deny, "the agent's gate stopped waiting and denied the call"
			if p.Request.Client == decide.ClientClaude {
				action, why = engine.Ask, "the agent's gate stopped waiting and left the call to Claude Code's own prompt"
			}
			s.approvals.Withdraw(p.pending.ID, action, why)
		case !processAlive(p.Request.PID):
			s.approvals.Cancel(p.pending.ID, "the agent's gate is gone")
			s.inbox.removeRequest(p.Request.ID)
		}
	}
	for id, mod := range responses {
		if !requests[id] && now.Sub(mod) > orphanAfter {
			os.Remove(s.inbox.responsePath(id))
		}
	}
	for _, t := range temps {
		if now.Sub(t.mod) > tempAfter {
			os.Remove(s.inbox.Dir + string(os.PathSeparator) + t.id)
		}
	}
	s.forget(requests)
}

// wasSeen marks id as picked up and reports whether it already was.
func (s *Server) wasSeen(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen[id] {
		return true
	}
	s.seen[id] = true
	return false
}

// forget drops the ids whose request files are gone: ids are never reused, so the set only
// needs what is still in the inbox.
func (s *Server) forget(inInbox map[string]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id := range s.seen {
		if !inInbox[id] && s.prompts[id] == nil {
			delete(s.seen, id)
		}
	}
}

// pickUp reads request id and settles it: at once when the app's rules decide it, else by
// handing a prompt to Ask.
func (s *Server) pickUp(ctx context.Context, id string, now time.Time) {
	r, err := s.inbox.readRequest(id)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return // the gate gave up in between
	case err != nil:
		s.report(err)
		s.respond(Request{ID: id}, Response{Action: engine.Deny, By: ByApp, Reason: "the app could not read the request: " + err.Error()})
		return
	case !processAlive(r.PID) || now.After(r.Deadline):
		s.inbox.removeRequest(id)
		return
	}
	if s.addSession(r.Session) {
		// A new session shows in the record at once, not a heartbeat later.
		if err := s.beat(); err != nil {
			s.report(err)
		}
	}
	pol, err := s.chainPolicy(r)
	if err != nil {
		s.respond(r, Response{Action: engine.Deny, By: ByApp, Reason: fmt.Sprintf("the app could not load persona %q: %v", r.Agent, err)})
		return
	}
	call := approvals.Call{Session: r.Session, Agent: r.Agent, AgentID: r.AgentID, Tool: decide.ToolOfKey(r.Permission), Values: []string{r.Value}}
	d, pending, err := s.approvals.Ask(pol, call)
	if err != nil {
		s.respond(r, Response{Action: engine.Deny, By: ByApp, Reason: "the app could not decide the call: " + err.Error()})
		return
	}
	if pending == nil {
		by := approvals.ByRule
		if d.Rule != nil && d.Rule.Source.Kind == engine.FromSession {
			by = approvals.BySessionRule
		}
		s.respond(r, Response{Action: d.Action, By: by, Reason: decide.Explain(decide.Call{Key: r.Permission}, d)})
		return
	}
	pctx, cancel := context.WithCancel(ctx)
	p := &Prompt{Request: r, Decision: pending.Decision, Suggestions: pending.Suggestions,
		server: s, pending: pending, cancel: cancel}
	s.mu.Lock()
	s.prompts[id] = p
	s.order = append(s.order, id)
	s.ids[pending.ID] = id
	s.idOrder = append(s.idOrder, pending.ID)
	if len(s.idOrder) > maxRecent {
		s.forgetCauses()
	}
	s.mu.Unlock()
	go s.await(p)
	go s.ask(pctx, p)
	s.changed()
}

// await waits for p to be settled and writes its response, unless its gate is no longer
// waiting.
func (s *Server) await(p *Prompt) {
	<-p.pending.Done()
	res, _ := p.pending.Resolution()
	p.cancel()
	s.mu.Lock()
	delete(s.prompts, p.Request.ID)
	for i, id := range s.order {
		if id == p.Request.ID {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	if res.By == approvals.ByAgent {
		// No response is written, but the recent answers show when the gate withdrew it.
		s.remember(Answered{Request: p.Request, Response: Response{ID: p.Request.ID, Action: res.Action, By: res.By, Message: res.Message, At: time.Now().UTC()}, Withdrawn: true})
		return
	}
	s.respond(p.Request, Response{Action: res.Action, Reply: res.Reply, By: res.By, Message: res.Message,
		Rules: res.Rules, Cause: s.inboxID(res.Cause)})
}

// forgetCauses drops the oldest ids of settled requests, keeping the newest half, so that the
// map stays small. A pending request's id is kept however old, since its reply may yet settle
// others and be named as their cause; so is a request settled just now, whose reply is being
// written as the cause of others. The caller holds s.mu.
func (s *Server) forgetCauses() {
	keep := s.idOrder[:0]
	drop := len(s.idOrder) - maxRecent/2
	for _, aid := range s.idOrder {
		if drop > 0 && s.prompts[s.ids[aid]] == nil {
			delete(s.ids, aid)
			drop--
			continue
		}
		keep = append(keep, aid)
	}
	clear(s.idOrder[len(keep):])
	s.idOrder = keep
}

// inboxID maps an approvals request id back to the inbox id it was asked for; "" when unknown.
func (s *Server) inboxID(approvalsID string) string {
	if approvalsID == "" {
		return ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ids[approvalsID]
}

// chainPolicy loads the policy of a request: its persona and, for a subagent's call, each
// other persona of the chain as a caller (engine.Policy.Callers), so that the app decides as
// the gate did: never looser than any persona on the chain.
func (s *Server) chainPolicy(r Request) (*engine.Policy, error) {
	pol, err := s.policy(r)
	if err != nil || len(r.Callers) == 0 {
		return pol, err
	}
	q := *pol
	q.Name = r.Agent
	for _, name := range r.Callers {
		cr := r
		cr.Agent, cr.Callers = name, nil
		cp, err := s.policy(cr)
		if err != nil {
			return nil, fmt.Errorf("persona %q of the agent's chain: %w", name, err)
		}
		q.Callers = append(q.Callers, engine.Caller{Name: name, Rules: cp.Persona})
	}
	return &q, nil
}
