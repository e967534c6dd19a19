package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

// ProtocolVersion is the version of the JSON-lines protocol; the extension sends the one it
// speaks in hello, and the server answers with its own, so that an extension left from an
// older binary can say so.
const ProtocolVersion = 1

// Request is one line from the client. Type says which fields matter.
type Request struct {
	// ID is echoed in the reply; any JSON number or string. A request without one still gets a
	// reply (with a null id), so that a client always learns about its mistakes.
	ID   json.RawMessage `json:"id"`
	Type string          `json:"type"`

	// hello
	Version string `json:"version,omitempty"` // the client's agentmgr version
	// decide, agent, agents, use, forward
	Cwd     string `json:"cwd,omitempty"`     // the agent's working directory: finds the project
	Session string `json:"session,omitempty"` // decide, forward: the agent's session id
	// decide
	Tool  string          `json:"tool,omitempty"`
	Input json.RawMessage `json:"input,omitempty"` // the tool's arguments as the model gave them
	// Value, for clients that pick the value themselves (as in `agentmgr gate json`): decided
	// as given instead of one taken from Input; giving both is an error.
	Value *string `json:"value,omitempty"`
	// Agent decides with this persona instead of the active one (decide).
	Agent string `json:"agent,omitempty"`
	// Runtime names the front end whose tool names and arguments Tool and Input are: "" for
	// pi, "opencode" for OpenCode (decide).
	Runtime string `json:"runtime,omitempty"`
	// Chain are the runtime's agents the call was made under, from the session's first agent
	// down to the one calling (a subagent's caller before it). A persona named like the first
	// decides instead of the active one; a persona named like a later one decides too, and
	// the strictest answer stands (decide).
	Chain []string `json:"chain,omitempty"`
	// decide, agent: the call comes from a subagent's child session (pi-subagents): Subagent
	// is the subagent's name, Parent the session id of the agent that started it, Subagents
	// the subagents from the parent session down to the child, outermost first (Subagent
	// last; empty means Subagent alone): a nested child is decided by every persona on it.
	Subagent  string   `json:"subagent,omitempty"`
	Parent    string   `json:"parent,omitempty"`
	Subagents []string `json:"subagents,omitempty"`
	// decide: the file of the extension that registered the tool (pi's sourceInfo.path); a
	// subagent tool of an extension agentmgr does not know asks.
	ToolSource string `json:"toolSource,omitempty"`
	// decide: for a task tool that names a running child by its id (get_subagent_result,
	// steer_subagent), the child's subagent type as the subagent extension recorded it; the
	// call is decided by task on it.
	AgentType string `json:"agentType,omitempty"`
	// agent: every tool the agent has, to tell which the persona hides
	Tools []string `json:"tools,omitempty"`
	// agent: the skills pi's system prompt lists, to tell which the persona denies (the skill key)
	Skills []string `json:"skills,omitempty"`
	// use: a persona name, or Step +1 (next) / -1 (previous)
	Name string `json:"name,omitempty"`
	Step int    `json:"step,omitempty"`
	// reply, forward: the ask's request id from decide's answer
	Request string `json:"request,omitempty"`
	// reply
	Reply    approvals.ReplyKind `json:"reply,omitempty"`    // once, always or reject
	Patterns []string            `json:"patterns,omitempty"` // always: as the person edited them
	Message  string              `json:"message,omitempty"`  // reject: for the agent
	// always of a child's ask: "session" (the parent session and all its children, the
	// default) or "subagent" (this subagent in the parent session)
	Scope string `json:"scope,omitempty"`
}

// The request types.
const (
	TypeHello   = "hello"   // versions and the binary that serves
	TypeDecide  = "decide"  // decide a tool call by rule
	TypeReply   = "reply"   // the person's answer to an ask, given in pi's own dialog
	TypeForward = "forward" // forward an ask to the app's inbox and wait for the answer
	TypeAgent   = "agent"   // the active persona: hidden tools, system prompt, keys
	TypeAgents  = "agents"  // the personas offered for switching
	TypeUse     = "use"     // set the active persona in state.json
	TypePolicy  = "policy"  // the rules that decide a session's calls, and where each is written
)

// Reply is one line to the client. Fields are filled by request type; Error is set alone when
// the request could not be served.
type Reply struct {
	ID    json.RawMessage `json:"id"`
	Error string          `json:"error,omitempty"`

	// hello
	Version  string `json:"version,omitempty"`
	Protocol int    `json:"protocol,omitempty"`
	PID      int    `json:"pid,omitempty"`
	Binary   string `json:"binary,omitempty"`
	// ForwardMs is how long a forward may take, in milliseconds: the client waits that long
	// for its answer instead of the usual few seconds.
	ForwardMs int64 `json:"forwardMs,omitempty"`

	// decide, reply, forward
	*Decision

	// agent, use
	*AgentState

	// agents
	Agents []AgentInfo `json:"agents,omitempty"`
	Active string      `json:"active,omitempty"`
	// use
	Changed *bool `json:"changed,omitempty"`

	// policy
	Policy *PolicyView `json:"policy,omitempty"`
}

// Decision is the answer to a tool call.
type Decision struct {
	Action     engine.Action      `json:"action"` // allow, deny or ask
	Reason     string             `json:"reason"` // for the model on deny: names the rule and file:line
	DecidedBy  approvals.Resolver `json:"decided_by"`
	Agent      string             `json:"agent,omitempty"`
	Permission string             `json:"permission,omitempty"`
	Value      string             `json:"value"`
	Rule       *engine.Rule       `json:"rule"`
	Source     string             `json:"source,omitempty"`
	Units      []decide.Unit      `json:"units,omitempty"`
	// Request names an ask: answer it with reply, or hand it to the app with forward.
	Request string `json:"request,omitempty"`
	// Suggestions are the patterns an always reply stores; empty when only once or reject can
	// answer (a guard asks).
	Suggestions []string `json:"suggestions,omitempty"`
	// Rules are what an always reply stored.
	Rules engine.Ruleset `json:"rules,omitempty"`
	// Problems are those found resolving who decides (a broken state file, whose active
	// persona then falls back to the default; a broken guards file, which then asks for every
	// call), each with its file, line and column. (Not "warnings": the agent reply's field of
	// that name sits beside it in Reply.)
	Problems []string `json:"problems,omitempty"`
	// Subagent and Parent name the subagent whose child session made the call and the
	// parent session, as the request gave them.
	Subagent string `json:"subagent,omitempty"`
	Parent   string `json:"parent,omitempty"`
}

// AgentState is the active persona as the extension needs it.
type AgentState struct {
	Name        string   `json:"name"`
	Label       string   `json:"label"`
	Description string   `json:"description"`
	Color       string   `json:"color,omitempty"`
	Mode        string   `json:"mode"`
	Hidden      []string `json:"hidden"` // of the request's tools, those the persona hides
	// DeniedSkills are the request's skills the persona denies (the skill key), which the
	// extension leaves out of the system prompt.
	DeniedSkills []string `json:"deniedSkills,omitempty"`
	// Prompt goes into the system prompt: the persona block, and the permission envelope
	// unless the state file turned it off.
	Prompt string `json:"prompt"`
	Yolo   bool   `json:"yolo"`
	// Keys are the keys of the switching actions (next, previous, picker) from
	// keybindings.json, or their defaults.
	Keys map[string][]string `json:"keys,omitempty"`
	// Warnings are problems worth telling the person once: a missing active agent, a broken
	// state or guards file.
	Warnings []string `json:"warnings,omitempty"`
}

// AgentInfo is one persona offered for switching.
type AgentInfo struct {
	Name        string `json:"name"`
	Label       string `json:"label"`
	Description string `json:"description"`
}

// parseRequest reads one line. Fields the server does not use are skipped whatever their type
// (an extension newer than the binary must not have every call refused); a field it uses with
// the wrong type is an error. The id is returned even when the rest is wrong.
func parseRequest(line []byte) (Request, error) {
	var r Request
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&r); err != nil {
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(line, &probe)
		r = Request{ID: probe.ID}
		return r, fmt.Errorf("the line is not a valid request: %w", err)
	}
	if dec.More() {
		return r, errors.New("the line holds more than one JSON value; send one request per line")
	}
	if !validID(r.ID) {
		id := r.ID
		r.ID = nil
		return r, fmt.Errorf("the id %s is neither a number nor a string", id)
	}
	if r.Type == "" {
		return r, errors.New(`"type" is missing; expected one of hello, decide, reply, forward, agent, agents, use, policy`)
	}
	return r, nil
}

// validID accepts an absent id, a JSON number or a JSON string.
func validID(id json.RawMessage) bool {
	if len(id) == 0 || string(id) == "null" {
		return true
	}
	switch id[0] {
	case '"':
		var s string
		return json.Unmarshal(id, &s) == nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		return json.Unmarshal(id, &n) == nil
	}
	return false
}
