// Package reviewlog keeps the review log: every decision on a tool call and every reply to an
// approval request, one JSON object per line, appended to agent-manager/log/review.jsonl in
// pi's agent dir (mode 0600, rotated at a size limit), and read back with filters or followed
// as it grows.
package reviewlog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// Events of the log.
const (
	EventDecision = "decision" // a call was decided; an ask opens a request
	EventReply    = "reply"    // a request was resolved
)

// Entry is one line of the log. A decision of allow or deny has By "rule"; an ask has no By
// yet, and its request is resolved by a later reply entry with the same Request.
type Entry struct {
	Time    time.Time `json:"time"`
	Event   string    `json:"event"`
	Request string    `json:"request,omitempty"`
	Session string    `json:"session,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	// AgentID names the subagent that made the call; "" for the main thread.
	AgentID string `json:"agent_id,omitempty"`
	// CallID is the agent\'s id for the call (Claude Code\'s tool_use_id).
	CallID     string   `json:"call_id,omitempty"`
	Tool       string   `json:"tool"`
	Permission string   `json:"permission,omitempty"`
	Values     []string `json:"values"`
	Action     string   `json:"action"`
	Rule       *Rule    `json:"rule"`
	// Source is where the deciding rule came from, as decisions show it: "default" when no
	// rule matched, "session", "guard", "builtin:planner", or a persona file's "path:line".
	Source string `json:"source,omitempty"`
	// Location is more precise than Source when there is more to say ("guard path:line").
	Location string `json:"location,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Reply, By, Cause and Message describe a resolution: the reply (once, always, reject),
	// who settled it (person, rule, session rule, agent), the request whose reply settled it
	// when that was another one, and a reject's message for the agent.
	Reply   string `json:"reply,omitempty"`
	By      string `json:"by,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Message string `json:"message,omitempty"`
	// Stored and Revision are the session rules an always reply stored, and the session's
	// revision after storing them.
	Stored   []Rule `json:"stored,omitempty"`
	Revision uint64 `json:"revision,omitempty"`

	// Subagent is the subagent that made the call, Parent the session of the agent that
	// started it (a pi-subagents child's parent session); both empty for a main agent's call.
	Subagent string `json:"subagent,omitempty"`
	Parent   string `json:"parent,omitempty"`
}

// Rule is a rule as the log writes it.
type Rule struct {
	Permission string `json:"permission"`
	Pattern    string `json:"pattern"`
	Action     string `json:"action"`
}

func ruleOf(r *engine.Rule) *Rule {
	if r == nil {
		return nil
	}
	return &Rule{Permission: r.Permission, Pattern: r.Pattern, Action: string(r.Action)}
}

// DecisionEntry is the entry for call decided d; req is the request an ask opened, or nil.
func DecisionEntry(at time.Time, call approvals.Call, d engine.Decision, req *approvals.Request) Entry {
	e := Entry{
		Time: at.UTC(), Event: EventDecision, Session: call.Session, Agent: call.Agent, AgentID: call.AgentID, CallID: call.CallID, Tool: call.Tool,
		Permission: d.Permission, Values: values(call.Values), Action: string(d.Action),
		Rule: ruleOf(d.Rule), Source: d.Source(), Reason: d.Reason,
		Subagent: call.Subagent, Parent: call.Parent,
	}
	if d.Rule != nil {
		if loc := d.Rule.Source.Location(); loc != e.Source {
			e.Location = loc
		}
	}
	if req != nil {
		e.Request = req.ID
	} else {
		e.By = string(approvals.ByRule)
	}
	return e
}

// ReplyEntry is the entry for request req resolved res.
func ReplyEntry(at time.Time, req approvals.Request, res approvals.Resolution) Entry {
	e := Entry{
		Time: at.UTC(), Event: EventReply, Request: req.ID, Session: req.Session, Agent: req.Agent, Tool: req.Tool,
		Permission: req.Permission, Values: values(req.Values), Action: string(res.Action),
		Reply: string(res.Reply), By: string(res.By), Cause: res.Cause, Message: res.Message, Revision: res.Revision,
		Subagent: req.Subagent, Parent: req.Parent,
	}
	for _, r := range res.Rules {
		e.Stored = append(e.Stored, *ruleOf(&r))
	}
	return e
}

// values keeps "values" a list in the JSON even for a call without values.
func values(vs []string) []string {
	if vs == nil {
		return []string{}
	}
	return vs
}

// ParseLine reads one line of the log. Lines are checked for what every entry has: a time, an
// event and an action.
func ParseLine(line []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(line, &e); err != nil {
		return Entry{}, fmt.Errorf("not a log entry: %w", err)
	}
	switch {
	case e.Time.IsZero():
		return Entry{}, fmt.Errorf(`log entry without "time"`)
	case e.Event != EventDecision && e.Event != EventReply:
		return Entry{}, fmt.Errorf("log entry with event %q; expected %s or %s", e.Event, EventDecision, EventReply)
	}
	if _, err := engine.ParseAction(e.Action); err != nil {
		return Entry{}, fmt.Errorf("log entry action: %w", err)
	}
	return e, nil
}
