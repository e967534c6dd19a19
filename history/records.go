package history

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/blocktext"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// call is one recorded tool call on its way to becoming entries.
type call struct {
	at      time.Time
	session string
	agent   string
	id      string
	tool    string
	key     string
	value   string
	action  engine.Action // allow (it ran or a rule allowed it), deny (a rule blocked it), ask
	reply   string        // for an ask: once or reject
	source  string
}

// entries are the review-log entries of c: a decision, and for an ask a reply.
func (c call) entries() []reviewlog.Entry {
	d := reviewlog.Entry{Time: c.at, Event: reviewlog.EventDecision, Session: c.session, Agent: c.agent, CallID: c.id,
		Tool: c.tool, Permission: c.key, Values: []string{c.value}, Action: string(c.action), Source: c.source}
	if c.action != engine.Ask {
		d.By = "rule"
		return []reviewlog.Entry{d}
	}
	if c.reply == "" {
		return []reviewlog.Entry{d} // asked, and the record ends before an answer
	}
	d.Request = c.source + ":" + c.session + ":" + c.id
	r := reviewlog.Entry{Time: c.at, Event: reviewlog.EventReply, Request: d.Request, Session: c.session, Agent: c.agent,
		Tool: c.tool, Permission: c.key, Values: d.Values, Action: string(engine.Allow), Reply: c.reply, By: "person"}
	if c.reply == "reject" {
		r.Action = string(engine.Deny)
	}
	return []reviewlog.Entry{d, r}
}

// piValueFields are the input fields a pi tool's value is read from, tried in order (the
// fields agentmgr's pi extension decides on).
var piValueFields = []string{"command", "cmd", "path", "file_path", "url", "query", "agent", "subagent_type", "name"}

// stringField is the first of fields input holds as a string.
func stringField(input map[string]json.RawMessage, fields []string) string {
	for _, f := range fields {
		var s string
		if raw, ok := input[f]; ok && json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return ""
}

// settle sets c's action from its result: it ran, or a permission system stopped it.
func (c *call) settle(isError bool, text string) {
	c.action = engine.Allow
	if !isError {
		return
	}
	switch refused, rejected := refusal(text); {
	case rejected:
		c.action, c.reply = engine.Ask, "reject"
	case refused:
		c.action = engine.Deny
	}
}

// readClaude reads a Claude Code transcript: each tool_use of an assistant message, settled by
// the tool_result of a later user message.
func readClaude(lines [][]byte) []reviewlog.Entry {
	var calls []*call
	byID := map[string]*call{}
	for _, l := range lines {
		var rec struct {
			Type      string    `json:"type"`
			SessionID string    `json:"sessionId"`
			Timestamp time.Time `json:"timestamp"`
			AgentType string    `json:"agentType"`
			Message   struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(l, &rec) != nil || rec.Type != "assistant" && rec.Type != "user" {
			continue
		}
		var blocks []struct {
			Type      string                     `json:"type"`
			ID        string                     `json:"id"`
			Name      string                     `json:"name"`
			Input     map[string]json.RawMessage `json:"input"`
			ToolUseID string                     `json:"tool_use_id"`
			IsError   bool                       `json:"is_error"`
			Content   json.RawMessage            `json:"content"`
		}
		if json.Unmarshal(rec.Message.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_use":
				t := mapping.ClaudeToolFor(b.Name)
				c := &call{at: rec.Timestamp, session: rec.SessionID, id: b.ID, tool: b.Name, key: t.Key,
					value: stringField(b.Input, t.Fields), action: engine.Allow, source: string(FormatClaude)}
				calls = append(calls, c)
				byID[b.ID] = c
			case "tool_result":
				if c := byID[b.ToolUseID]; c != nil {
					c.settle(b.IsError, blocktext.Text(b.Content))
				}
			}
		}
	}
	return flatten(calls)
}

// readPi reads a pi session file: each toolCall of an assistant message, settled by its
// toolResult message.
func readPi(path string, lines [][]byte) []reviewlog.Entry {
	var calls []*call
	byID := map[string]*call{}
	session := ""
	for _, l := range lines {
		var rec struct {
			Type      string    `json:"type"`
			ID        string    `json:"id"`
			Timestamp time.Time `json:"timestamp"`
			Message   struct {
				Role       string          `json:"role"`
				Content    json.RawMessage `json:"content"`
				ToolCallID string          `json:"toolCallId"`
				IsError    bool            `json:"isError"`
			} `json:"message"`
		}
		if json.Unmarshal(l, &rec) != nil {
			continue
		}
		if rec.Type == "session" {
			session = rec.ID
			continue
		}
		if rec.Type != "message" {
			continue
		}
		switch rec.Message.Role {
		case "assistant":
			var blocks []struct {
				Type      string                     `json:"type"`
				ID        string                     `json:"id"`
				Name      string                     `json:"name"`
				Arguments map[string]json.RawMessage `json:"arguments"`
			}
			_ = json.Unmarshal(rec.Message.Content, &blocks)
			for _, b := range blocks {
				if b.Type != "toolCall" {
					continue
				}
				c := &call{at: rec.Timestamp, session: session, id: b.ID, tool: b.Name, key: mapping.KeyForTool(b.Name),
					value: stringField(b.Arguments, piValueFields), action: engine.Allow, source: string(FormatPi)}
				calls = append(calls, c)
				byID[b.ID] = c
			}
		case "toolResult":
			if c := byID[rec.Message.ToolCallID]; c != nil {
				c.settle(rec.Message.IsError, blocktext.Text(rec.Message.Content))
			}
		}
	}
	if session == "" {
		session = strings.TrimSuffix(path, ".jsonl")
	}
	for _, c := range calls {
		if c.session == "" {
			c.session = session
		}
	}
	return flatten(calls)
}

// readPPS reads pi-permission-system's review log: a policy block is a deny, an approval or
// denial after a prompt an ask with its reply, a session or automatic approval an allow. It does
// not log what its rules allowed without asking.
func readPPS(lines [][]byte) []reviewlog.Entry {
	var calls []*call
	waiting := map[string]*call{}
	for n, l := range lines {
		var rec struct {
			Timestamp  time.Time `json:"timestamp"`
			Stream     string    `json:"stream"`
			Event      string    `json:"event"`
			ToolName   string    `json:"toolName"`
			ToolCallID string    `json:"toolCallId"`
			AgentName  string    `json:"agentName"`
			Command    string    `json:"command"`
			Path       string    `json:"path"`
		}
		if json.Unmarshal(l, &rec) != nil || rec.Stream != "review" || rec.ToolName == "" {
			continue
		}
		id := rec.ToolCallID
		if id == "" {
			id = fmt.Sprint("line", n+1)
		}
		value := rec.Command
		if value == "" {
			value = rec.Path
		}
		c := &call{at: rec.Timestamp, session: "pi-permission-system", agent: rec.AgentName, id: id, tool: rec.ToolName,
			key: mapping.KeyForTool(rec.ToolName), value: value, source: string(FormatPPS)}
		switch rec.Event {
		case "permission_request.blocked":
			c.action = engine.Deny
		case "permission_request.session_approved", "permission_request.auto_approved", "permission_request.infrastructure_auto_allowed":
			c.action = engine.Allow
		case "permission_request.waiting":
			c.action = engine.Ask
			waiting[id] = c
		case "permission_request.approved", "permission_request.denied":
			reply := "once"
			if rec.Event == "permission_request.denied" {
				reply = "reject"
			}
			if w := waiting[id]; w != nil {
				w.reply = reply
				delete(waiting, id)
				continue
			}
			c.action, c.reply = engine.Ask, reply
		default:
			continue
		}
		calls = append(calls, c)
	}
	return flatten(calls)
}

func flatten(calls []*call) []reviewlog.Entry {
	var out []reviewlog.Entry
	for _, c := range calls {
		out = append(out, c.entries()...)
	}
	return out
}
