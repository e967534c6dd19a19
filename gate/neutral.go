package gate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// NeutralRequest is one call in the neutral protocol, for agents other than Claude Code. Tool
// names are pi's (bash, read, edit, ...; docs/rules.md); any other name is its own
// permission key, so a key such as websearch works as a tool name too.
type NeutralRequest struct {
	ID      string `json:"id,omitempty"`    // optional; echoed in the response
	Session string `json:"session"`         // required: the agent's session id
	Agent   string `json:"agent,omitempty"` // optional: a persona; default the active one
	Tool    string `json:"tool"`            // required
	Value   string `json:"value"`           // the command, path, URL, ...; "" when the tool has none
	Cwd     string `json:"cwd,omitempty"`   // the agent's working directory
}

// ParseNeutral reads a neutral request into a call. Fields the request does not name are
// ignored, whatever their type, as a Claude Code event's are: a client newer than the gate must
// not have every call denied. A misspelt "value" is then no value: a shell or path tool without
// one asks, never allows.
func ParseNeutral(data []byte) (decide.Call, error) {
	var req NeutralRequest
	if err := decodeStrict(data, &req); err != nil {
		return decide.Call{}, err
	}
	if req.Tool == "" {
		return decide.Call{}, errors.New(`"tool" is missing; cannot tell which tool is called`)
	}
	if err := checkSession(req.Session); err != nil {
		return decide.Call{}, fmt.Errorf(`"session": %w`, err)
	}
	// A shell tool without a command has nothing to analyse, a path tool without a path
	// names nothing: either asks, never allows. A tool agentmgr does not know, allowed only
	// by "*", asks while the persona restricts bash, edit or webfetch, as in Claude Code.
	key := mapping.KeyForTool(req.Tool)
	c := decide.ToolCall(req.Tool, req.Value, !mapping.IsShellKey(key) || strings.TrimSpace(req.Value) != "")
	c.ID, c.Session, c.Agent, c.Cwd = req.ID, req.Session, req.Agent, req.Cwd
	return c, nil
}

// NeutralResponse is the gate's answer in the neutral protocol. Action is allow or deny: when
// nobody can ask the person, the gate denies.
type NeutralResponse struct {
	ID         string             `json:"id,omitempty"`
	Action     engine.Action      `json:"action"`
	Reason     string             `json:"reason"`
	DecidedBy  approvals.Resolver `json:"decided_by"`
	Agent      string             `json:"agent,omitempty"`
	Permission string             `json:"permission,omitempty"`
	Rule       *engine.Rule       `json:"rule"`
	Source     string             `json:"source,omitempty"`
	Units      []decide.Unit      `json:"units,omitempty"`
}

// NeutralAnswer renders a verdict as the neutral protocol's response to call c.
func NeutralAnswer(v decide.Verdict, c decide.Call) NeutralResponse {
	return NeutralResponse{
		ID: c.ID, Action: v.Action, Reason: v.Reason, DecidedBy: v.DecidedBy, Agent: v.Agent,
		Permission: c.Key, Rule: v.Rule, Source: v.Source, Units: v.Units,
	}
}
