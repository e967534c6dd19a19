package preview

import (
	"fmt"
	"github.com/agentmgr/agentmgr/internal/boundedmap"
	"slices"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Prepared keeps the policy each what-if question was composed into, by the persona asked
// about, the subagent and the session, and answers from it again while what it came from is
// unchanged: the rules of the personas the names resolve to (as edited), the guards, the
// options, and the session's rules, known unchanged by the stamp of their file
// (Snapshot.SessionFile). A check asked again, or asked after an edit of a persona that does
// not decide it, then compiles nothing and reads no file: only the question whose inputs
// changed is composed anew, as serve and the app's inbox answer from decide.Prepared. It is
// safe for concurrent use: the app checks on the UI goroutine and checks again after an edit on
// a view worker. The zero value is ready to use.
type Prepared struct {
	kept boundedmap.Map[question, *preparedPolicy]
}

// maxPrepared bounds the questions kept: the simulator's history holds DefaultHistory checks.
const maxPrepared = 4 * DefaultHistory

// question is what a policy is prepared for.
type question struct{ agent, subagent, session string }

// preparedPolicy is a composed policy with what it was composed from.
type preparedPolicy struct {
	found   []found // what each name of the question resolved to
	guards  []engine.Ruleset
	opts    Options
	session engine.Ruleset // nil without a session
	// stamp is the session file's stamp when its rules were read; stamped is false when there
	// is none to trust (no file, or one written too recently to tell the next write).
	stamp   personas.Stamp
	stamped bool
	pol     *engine.Policy
	unknown []string
}

// found is what a name resolved to in a snapshot: the persona of that name, or none.
type found struct {
	name  string // as asked
	ok    bool
	as    string // the persona's own name
	rules engine.Ruleset
}

// lookup resolves name as a catalog does (personas.Catalog.Lookup): the first persona of that
// name, whatever its case.
func (s *Snapshot) lookup(name string) found {
	for _, p := range s.Personas {
		if strings.EqualFold(p.Name, name) {
			return found{name: name, ok: true, as: p.Name, rules: p.Rules}
		}
	}
	return found{name: name}
}

// names are the persona names q resolves.
func (q question) names() []string {
	if q.subagent == "" {
		return []string{q.agent}
	}
	return []string{q.agent, q.subagent}
}

// policy is what decides q against snap, with the names on the chain that are no persona:
// the prepared policy while its inputs hold, else one composed anew (Snapshot.policy).
func (pr *Prepared) policy(snap *Snapshot, q question) (*engine.Policy, []string, error) {
	if q.session != "" && snap.Session == nil {
		return nil, nil, fmt.Errorf("session rules are not available here; clear the session to check %s alone", q.agent)
	}
	e, _ := pr.kept.Get(q)
	held := e != nil && e.holds(snap, q)
	stamp, stamped := snap.sessionStamp(q.session)
	sessionHeld := e.sessionHolds(q, stamp, stamped)
	if held && sessionHeld {
		return e.pol, e.unknown, nil
	}
	var session engine.Ruleset
	if sessionHeld {
		session = e.session
	} else {
		var err error
		if session, err = snap.sessionRules(q.session); err != nil {
			return nil, nil, err
		}
		stamped = stamped && !stamp.Racy(time.Now())
	}
	next := &preparedPolicy{session: session, stamp: stamp, stamped: stamped}
	if held && slices.Equal(session, e.session) {
		// Only the session file's stamp moved (written again with the same rules): the
		// policy holds.
		next.found, next.guards, next.opts, next.pol, next.unknown = e.found, e.guards, e.opts, e.pol, e.unknown
	} else {
		pol, unknown, err := snap.policy(q.agent, q.subagent, session)
		if err != nil {
			return nil, nil, err
		}
		next.guards, next.opts, next.pol, next.unknown = snap.Guards, snap.Options, pol, unknown
		for _, n := range q.names() {
			next.found = append(next.found, snap.lookup(n))
		}
	}
	pr.store(q, next)
	return next.pol, next.unknown, nil
}

// holds reports whether e was composed from what snap holds for q: the same personas with the
// same rules, guards and options.
func (e *preparedPolicy) holds(snap *Snapshot, q question) bool {
	if e.opts != snap.Options || !slices.EqualFunc(e.guards, snap.Guards, func(a, b engine.Ruleset) bool { return slices.Equal(a, b) }) {
		return false
	}
	for i, n := range q.names() {
		now := snap.lookup(n)
		if i >= len(e.found) || now.ok != e.found[i].ok || now.as != e.found[i].as || !slices.Equal(now.rules, e.found[i].rules) {
			return false
		}
	}
	return true
}

// sessionHolds reports whether e's session rules are those of q's session now: there is none,
// or its file has the stamp it had when they were read, a stamp that was trusted then.
func (e *preparedPolicy) sessionHolds(q question, stamp personas.Stamp, stamped bool) bool {
	return e != nil && (q.session == "" || stamped && e.stamped && stamp == e.stamp)
}

// store keeps e for q, dropping the oldest question past maxPrepared.
func (pr *Prepared) store(q question, e *preparedPolicy) {
	pr.kept.Put(q, e, maxPrepared)
}

// sessionStamp is the stamp of session id's file, when the snapshot says where it is.
func (s *Snapshot) sessionStamp(id string) (personas.Stamp, bool) {
	if id == "" || s.SessionFile == nil {
		return personas.Stamp{}, false
	}
	return personas.PathStamp(s.SessionFile(id))
}

// sessionRules reads the rules of session id: nil for none, and non-nil (the evaluator then
// has a session layer) for a session that approved nothing yet.
func (s *Snapshot) sessionRules(id string) (engine.Ruleset, error) {
	if id == "" {
		return nil, nil
	}
	rs, err := s.Session(id)
	if err != nil {
		return nil, fmt.Errorf("cannot read the rules of session %q: %w", id, err)
	}
	return append(engine.Ruleset{}, rs...), nil
}
