package approvals

import (
	"errors"
	"fmt"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// SessionStore keeps the rules a person approved during each session (docs/approvals.md), under
// optimistic concurrency: every stored ruleset has a revision, and a write names the revision it
// read. Implementations: MemoryStore here, and the file store of package sessions. Both pass the
// contract test of package engine/storetest.
type SessionStore interface {
	// Get returns what the store holds for id. An id never written has revision 0 and no rules;
	// a deleted one keeps its revision and generation, with Deleted set.
	Get(id string) (SessionRules, error)
	// Put replaces the session's rules. read is the revision the writer read; any other
	// revision is refused with a *ConflictError. A write that loosens needs OperatorAuthority,
	// else it is refused with an *AuthorityError (see CheckAuthority). It returns what is now
	// stored.
	Put(id string, rules engine.Ruleset, read uint64, by Authority) (SessionRules, error)
	// Delete removes the session's rules, keeping its revision as a high-water mark so that a
	// later session with the same id never reuses a revision. It is refused like Put, and with
	// an error wrapping ErrNoSession when there is nothing to delete.
	Delete(id string, read uint64, by Authority) (SessionRules, error)
	// List returns every session that holds rules (deleted ones are left out), sorted by id.
	List() ([]SessionRules, error)
}

// SessionRules is what a store holds for one session id.
type SessionRules struct {
	ID string
	// Rules are in order; each carries Source{Kind: FromSession, Name: ID, Line: its 1-based
	// index}, the index `agentmgr session revoke` takes.
	Rules engine.Ruleset
	// Revision is 0 for an id never written; every write and delete raises it by one, and it is
	// never reused, even after a delete.
	Revision uint64
	// Generation is 1 from the first write; the first write after a delete raises it, so a
	// reader can tell a recreated session from the one it knew.
	Generation uint64
	// Deleted is set once the session was deleted and not written since.
	Deleted bool
	// Updated is when the last write or delete happened; zero for an id never written.
	Updated time.Time
}

// Exists reports whether the session holds rules: it was written and not deleted since.
func (s SessionRules) Exists() bool { return s.Revision > 0 && !s.Deleted }

// Authority says who writes session rules, and so what a write may do.
type Authority int

const (
	// ToolAuthority is the agent side: the coding agent or an extension acting for it. Its
	// writes may only tighten. It is the zero value, so a caller that does not say who it is
	// gets the least power.
	ToolAuthority Authority = iota
	// OperatorAuthority is the person: through the app, the CLI, or an approval prompt they
	// answered. Its writes may loosen.
	OperatorAuthority
)

// String is "tool" or "operator".
func (a Authority) String() string {
	if a == OperatorAuthority {
		return "operator"
	}
	return "tool"
}

// ErrNoSession is wrapped by errors about a session that holds no rules.
var ErrNoSession = errors.New("no such session")

// ConflictError refuses a write whose writer read an older (or another) revision than the one
// stored: someone else wrote in between, and writing now would lose their change.
type ConflictError struct {
	ID      string
	Read    uint64 // the revision the writer read
	Current uint64 // the revision the store holds
}

// Error says what happened and what to do.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("session %q changed since it was read (read revision %d, the store holds %d); read it again and retry",
		e.ID, e.Read, e.Current)
}

// AuthorityError refuses a write that would loosen the session's rules without operator
// authority.
type AuthorityError struct {
	ID    string
	Index int         // 1-based index of the offending rule in the ruleset it belongs to
	Rule  engine.Rule // the rule removed, changed or added
	Why   string
}

// Error names the rule and says why the write loosens.
func (e *AuthorityError) Error() string {
	return fmt.Sprintf("session %q: %s (rule %d: %s); only the operator, through the app or the CLI, may loosen session rules",
		e.ID, e.Why, e.Index, e.Rule)
}

// Revise returns the state after writing rules over s, or the error a store must refuse the
// write with. Stores call it under their lock, so that both implementations share one meaning;
// Updated is left for the store to set.
func (s SessionRules) Revise(rules engine.Ruleset, read uint64, by Authority) (SessionRules, error) {
	if err := ValidateSessionID(s.ID); err != nil {
		return s, err
	}
	if read != s.Revision {
		return s, &ConflictError{ID: s.ID, Read: read, Current: s.Revision}
	}
	if err := validateSessionRules(rules); err != nil {
		return s, fmt.Errorf("session %q: %w", s.ID, err)
	}
	if by != OperatorAuthority {
		var old engine.Ruleset
		if s.Exists() {
			old = s.Rules
		}
		if err := CheckAuthority(old, rules, by); err != nil {
			err.ID = s.ID
			return s, err
		}
	}
	next := SessionRules{ID: s.ID, Rules: sessionSourced(s.ID, rules), Revision: s.Revision + 1, Generation: s.Generation}
	if !s.Exists() {
		next.Generation++
	}
	return next, nil
}

// Remove returns the state after deleting s, or the error a store must refuse the delete with.
// Deleting drops every rule, so without operator authority it is refused unless the session
// holds only allow rules.
func (s SessionRules) Remove(read uint64, by Authority) (SessionRules, error) {
	if err := ValidateSessionID(s.ID); err != nil {
		return s, err
	}
	if !s.Exists() {
		return s, fmt.Errorf("cannot delete session %q: %w", s.ID, ErrNoSession)
	}
	if read != s.Revision {
		return s, &ConflictError{ID: s.ID, Read: read, Current: s.Revision}
	}
	if by != OperatorAuthority {
		if err := CheckAuthority(s.Rules, nil, by); err != nil {
			err.ID = s.ID
			return s, err
		}
	}
	return SessionRules{ID: s.ID, Revision: s.Revision + 1, Generation: s.Generation, Deleted: true}, nil
}

// Clone returns a copy of s whose rules can be changed without touching s.
func (s SessionRules) Clone() SessionRules {
	if s.Rules != nil {
		s.Rules = append(engine.Ruleset(nil), s.Rules...)
	}
	return s
}

// validateSessionRules refuses rules that could not have come from a rule map.
func validateSessionRules(rules engine.Ruleset) error {
	for i, r := range rules {
		if r.Permission == "" {
			return fmt.Errorf("rule %d has no permission key", i+1)
		}
		if _, err := engine.ParseAction(string(r.Action)); err != nil {
			return fmt.Errorf("rule %d: %w", i+1, err)
		}
	}
	return nil
}

// sessionSourced copies rules with each rule's source set to the session and its index.
func sessionSourced(id string, rules engine.Ruleset) engine.Ruleset {
	if len(rules) == 0 {
		return nil
	}
	out := make(engine.Ruleset, len(rules))
	for i, r := range rules {
		r.Source = engine.Source{Kind: engine.FromSession, Name: id, Line: i + 1}
		out[i] = r
	}
	return out
}
