package replay

import (
	"slices"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// Call is one decided call of the review log, with the reply its request got when it asked.
type Call struct {
	Time    time.Time
	Session string
	Agent   string
	Tool    string
	Key     string // the permission key it was decided under
	Values  []string
	Action  engine.Action // the decision when the call was made
	Source  string        // where the deciding rule was: "path:line", "session", "guard", "default"
	// Reply is the person's reply to an ask ("once", "always", "reject"), "" when there was
	// none (or the call did not ask).
	Reply string
	// Clipped is set when the log holds only the start of a value too long to store whole:
	// the call cannot be decided again.
	Clipped bool
}

// Replies as the log writes them.
const (
	replyOnce   = "once"
	replyAlways = "always"
	replyReject = "reject"
)

// Kept reports whether the log shows the call as one to keep allowing: allowed by the rules
// (or a session rule), or approved "always" by a person. A call approved once is not: the
// person chose not to make it a rule.
func (c Call) Kept() bool { return c.Action == engine.Allow || c.Reply == replyAlways }

// Refused reports whether the log shows the call as one not to allow: denied, or asked and
// rejected.
func (c Call) Refused() bool { return c.Action == engine.Deny || c.Reply == replyReject }

// Log is the calls of a review log and the session rules its "always" replies stored, oldest
// first.
type Log struct {
	Calls []Call
	// stored holds, per session, the rules each "always" reply stored, in time order.
	stored map[string][]storedRules
}

type storedRules struct {
	at    time.Time
	rules engine.Ruleset
}

// FromEntries reads the decisions of entries (oldest first, as reviewlog.Read returns them) into
// calls, each with the reply its request got, and keeps the rules every "always" reply stored.
func FromEntries(entries []reviewlog.Entry) *Log {
	l := &Log{stored: map[string][]storedRules{}}
	byRequest := map[string]int{}
	for _, e := range entries {
		switch e.Event {
		case reviewlog.EventDecision:
			key := e.Permission
			if key == "" {
				key = keyOf(e.Tool)
			}
			if e.Request != "" {
				byRequest[e.Request] = len(l.Calls)
			}
			l.Calls = append(l.Calls, Call{
				Time: e.Time, Session: e.Session, Agent: e.Agent, Tool: e.Tool, Key: key,
				Values: slices.Clone(e.Values), Action: engine.Action(e.Action), Source: e.Source,
				Clipped: slices.ContainsFunc(e.Values, isClipped),
			})
		case reviewlog.EventReply:
			if i, ok := byRequest[e.Request]; ok && l.Calls[i].Reply == "" {
				l.Calls[i].Reply = e.Reply
			}
			if len(e.Stored) > 0 && e.Session != "" {
				rs := make(engine.Ruleset, len(e.Stored))
				for i, r := range e.Stored {
					rs[i] = engine.Rule{Permission: r.Permission, Pattern: r.Pattern, Action: engine.Action(r.Action), Source: engine.Source{Kind: engine.FromSession, Name: e.Session}}
				}
				l.stored[e.Session] = append(l.stored[e.Session], storedRules{at: e.Time, rules: rs})
			}
		}
	}
	// The log is read oldest file first, but the file of entries kept across rotations may hold
	// entries older or newer than its neighbours: order by time, keeping the file order of ties.
	slices.SortStableFunc(l.Calls, func(a, b Call) int { return a.Time.Compare(b.Time) })
	for _, st := range l.stored {
		slices.SortStableFunc(st, func(a, b storedRules) int { return a.at.Compare(b.at) })
	}
	return l
}

// isClipped reports whether v is a value the log cut to its start (see reviewlog.MaxValueBytes).
func isClipped(v string) bool {
	return len(v) > reviewlog.MaxValueBytes && strings.Contains(v[reviewlog.MaxValueBytes-3:], "…[cut: ")
}

// keyOf is the permission key of a logged tool name: pi's names through the mapping table,
// Claude Code's through its own.
func keyOf(tool string) string {
	if ct := mapping.ClaudeToolFor(tool); ct.Key != tool {
		return ct.Key
	}
	return mapping.KeyForTool(tool)
}

// sessionRules returns the rules session had stored by time at, and how many replies stored
// them (0: none), which tells rule sets of one session apart.
func (l *Log) sessionRules(session string, at time.Time) (engine.Ruleset, int) {
	var rs engine.Ruleset
	n := 0
	for _, s := range l.stored[session] {
		if s.at.After(at) {
			break
		}
		rs = append(rs, s.rules...)
		n++
	}
	return rs, n
}
