package approvals

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// maxUpdateAttempts bounds UpdateSession's retries: enough for many writers racing on one
// session, few enough that a store that always conflicts (a bug) surfaces as an error.
const maxUpdateAttempts = 200

// UpdateSession reads the session, asks change for the rules to store, and writes them with the
// revision it read. When another writer got in between (a *ConflictError), it reads again and
// calls change again, so change must compute from its argument only. An error from change, or
// any other error from the store, is returned as is.
func UpdateSession(s SessionStore, id string, by Authority, change func(SessionRules) (engine.Ruleset, error)) (SessionRules, error) {
	var conflict *ConflictError
	for attempt := 0; attempt < maxUpdateAttempts; attempt++ {
		cur, err := s.Get(id)
		if err != nil {
			return SessionRules{}, err
		}
		rules, err := change(cur.Clone())
		if err != nil {
			return SessionRules{}, err
		}
		next, err := s.Put(id, rules, cur.Revision, by)
		if !errors.As(err, &conflict) {
			return next, err
		}
		// Back off a little, at random, so that racing writers stop colliding in lock step.
		time.Sleep(time.Duration(rand.IntN(1+min(attempt, 20))) * 100 * time.Microsecond)
	}
	return SessionRules{}, fmt.Errorf("session %q kept changing during %d attempts to update it: %w", id, maxUpdateAttempts, conflict)
}

// AppendSessionRules adds rules at the end of the session's rules (creating the session when it
// holds none), retrying on conflicts as UpdateSession does.
func AppendSessionRules(s SessionStore, id string, by Authority, rules ...engine.Rule) (SessionRules, error) {
	return UpdateSession(s, id, by, func(cur SessionRules) (engine.Ruleset, error) {
		return append(cur.Rules, rules...), nil
	})
}
