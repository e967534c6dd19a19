// Package history is one persona's recent decisions as the editor's History tab shows them:
// how many calls it allowed, asked and denied, and the latest asks and denials; plain Go,
// tested without a display.
package history

import (
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/reviewlog"
)

// Item is one ask or denial of the persona.
type Item struct {
	Time   time.Time
	Action string // ask or deny
	Tool   string
	Value  string // the call's values, joined
	Rule   string // "permission pattern action", "" when no rule decided
}

// Summary is what the review log says a persona decided.
type Summary struct {
	Allow, Ask, Deny int
	Latest           []Item // asks and denials, newest first
}

// Summarize counts the decisions of the persona named agent in es (oldest first, as the log
// is read) and keeps the latest limit asks and denials. A call the persona made as a
// subagent counts as its own.
func Summarize(es []reviewlog.Entry, agent string, limit int) Summary {
	var s Summary
	for i := len(es) - 1; i >= 0; i-- {
		e := es[i]
		if e.Event != reviewlog.EventDecision || e.Agent != agent && e.Subagent != agent {
			continue
		}
		switch e.Action {
		case "allow":
			s.Allow++
			continue
		case "ask":
			s.Ask++
		case "deny":
			s.Deny++
		default:
			continue
		}
		if len(s.Latest) < limit {
			s.Latest = append(s.Latest, itemOf(e))
		}
	}
	return s
}

func itemOf(e reviewlog.Entry) Item {
	it := Item{Time: e.Time, Action: e.Action, Tool: e.Tool, Value: strings.Join(e.Values, " ")}
	if e.Rule != nil {
		it.Rule = e.Rule.Permission + " " + e.Rule.Pattern + " " + e.Rule.Action
	}
	return it
}
