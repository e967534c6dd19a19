package gate

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/mapping"
)

// ClaudeEvent is the part of the JSON Claude Code sends on stdin to a PreToolUse hook that the
// gate uses. Only these fields are decoded: every other field (transcript_path, prompt_id,
// effort, which 2.1.332 sends as an object, and whatever later versions add) is skipped
// whatever its type, so a new field never fails the call. A field listed here with the wrong
// type is an error: the gate cannot decide on it.
type ClaudeEvent struct {
	SessionID      string          `json:"session_id"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode,omitempty"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id,omitempty"`
	// AgentID is set on a subagent's calls; AgentType is the subagent's name, and is also set
	// (without AgentID) in a session started with --agent NAME.
	AgentID   string `json:"agent_id,omitempty"`
	AgentType string `json:"agent_type,omitempty"`
	// CommandName is, in PreSkillShellCommand, the skill whose text holds the command.
	CommandName string `json:"command_name,omitempty"`
}

// The hook events the gate answers.
const (
	claudePreToolUse = "PreToolUse"
	// ClaudeSkillShell runs a shell command written inline in a skill's text (!`cmd`): it is
	// decided as a Bash call.
	ClaudeSkillShell = "PreSkillShellCommand"
	// ClaudeSubagentStart says a subagent started (its id and type): the gate records it to
	// know which agent started which.
	ClaudeSubagentStart = "SubagentStart"
)

// SubagentStart is a started subagent, as the SubagentStart event says it.
type SubagentStart struct {
	Session, AgentID, AgentType string
}

// ParseClaudeStart reads a SubagentStart event; ok is false for any other event.
func ParseClaudeStart(data []byte) (start SubagentStart, ok bool, err error) {
	var ev ClaudeEvent
	if err := decodeStrict(data, &ev); err != nil {
		return start, false, err
	}
	if ev.HookEventName != ClaudeSubagentStart {
		return start, false, nil
	}
	if err := checkSession(ev.SessionID); err != nil {
		return start, true, fmt.Errorf("session_id: %w", err)
	}
	if ev.AgentID == "" {
		return start, true, errors.New("agent_id is missing; cannot tell which agent started")
	}
	return SubagentStart{Session: ev.SessionID, AgentID: ev.AgentID, AgentType: ev.AgentType}, true, nil
}

// ParseClaude reads a Claude Code PreToolUse (or PreSkillShellCommand) event into a call: the
// tool is mapped to its permission key and the value is taken from the tool_input field the
// mapping names, by the rule every runtime's input is read with (decide.FromInput). Anything
// the gate cannot decide safely is an error, which the gate turns into a deny.
func ParseClaude(data []byte) (decide.Call, error) {
	var ev ClaudeEvent
	if err := decodeStrict(data, &ev); err != nil {
		return decide.Call{}, err
	}
	switch ev.HookEventName {
	case "", claudePreToolUse, ClaudeSkillShell:
	default:
		return decide.Call{}, fmt.Errorf("hook_event_name is %q; agentmgr gate claude answers %s, %s and %s hooks", ev.HookEventName, claudePreToolUse, ClaudeSkillShell, ClaudeSubagentStart)
	}
	if ev.ToolName == "" {
		return decide.Call{}, errors.New("tool_name is missing; cannot tell which tool is called")
	}
	if err := checkSession(ev.SessionID); err != nil {
		return decide.Call{}, fmt.Errorf("session_id: %w", err)
	}
	tool := mapping.ClaudeToolFor(ev.ToolName)
	c := decide.Call{
		Client: decide.ClientClaude, ID: ev.ToolUseID, Session: ev.SessionID, Tool: ev.ToolName,
		Cwd: ev.Cwd, Mode: ev.PermissionMode, AgentID: ev.AgentID, AgentType: ev.AgentType,
	}
	if ev.HookEventName == ClaudeSkillShell {
		// Whatever shell the skill names, its command is decided as bash with the full
		// analysis: a skill's text is one more way to run a command.
		c.Event, c.Skill = ClaudeSkillShell, ev.CommandName
		if c.Skill == "" {
			c.Skill = "(unnamed)"
		}
		tool = mapping.ClaudeToolFor("Bash")
	}
	fields, err := claudeFields(tool, ev.ToolInput)
	if err != nil {
		return decide.Call{}, err
	}
	c, err = decide.FromInput(c, decide.InputTool{Key: tool.Key, Fields: tool.Fields, Folders: tool.Folders}, fields, notString)
	if err != nil {
		return decide.Call{}, err
	}
	return c, nil
}

// notString is the error for a tool_input field that should hold a string and does not.
func notString(field string) error {
	return fmt.Errorf("tool_input.%s is not a string; the call is decided on it", field)
}

// claudeFields reads tool_input as an object. A tool with no value field and no tool_input is
// fine; otherwise tool_input must be an object.
func claudeFields(tool mapping.ClaudeTool, input json.RawMessage) (map[string]json.RawMessage, error) {
	if len(input) == 0 || string(input) == "null" {
		if len(tool.Fields) == 0 || mapping.IsShellKey(tool.Key) {
			return nil, nil
		}
		return nil, fmt.Errorf("tool_input is missing; %s calls are decided on tool_input.%s", tool.Name, tool.Fields[0])
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(input, &fields); err != nil {
		what := "the call"
		if len(tool.Fields) > 0 {
			what = "tool_input." + tool.Fields[0]
		}
		return nil, fmt.Errorf("tool_input is not a JSON object; %s calls are decided on %s", tool.Name, what)
	}
	return fields, nil
}

// ClaudeOutput is what a PreToolUse hook prints on stdout to decide the call.
type ClaudeOutput struct {
	HookSpecificOutput ClaudeDecision `json:"hookSpecificOutput"`
	// SystemMessage is shown to the person, not the model: why a SubagentStart could not be
	// recorded.
	SystemMessage string `json:"systemMessage,omitempty"`
}

// ClaudeDecision is the decision part of ClaudeOutput. Claude Code shows the reason to the model
// on deny, and to the person on allow and ask.
type ClaudeDecision struct {
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is allow, deny or ask; with its reason it is left out of the answer
	// to SubagentStart, which decides nothing.
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}

// ClaudeAnswer renders a verdict as the output of the Claude Code hook event it answers (""
// is PreToolUse).
func ClaudeAnswer(v decide.Verdict, event string) ClaudeOutput {
	if event == "" {
		event = claudePreToolUse
	}
	return ClaudeOutput{HookSpecificOutput: ClaudeDecision{
		HookEventName:            event,
		PermissionDecision:       string(v.Action),
		PermissionDecisionReason: v.Reason,
	}}
}

// stringField returns the first of names present in fields (null counts as absent); a present
// field that is not a string is an error naming it as tool_input's.
func stringField(fields map[string]json.RawMessage, names []string) (string, bool, error) {
	return decide.InputString(fields, names, notString)
}
