package gate

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentmgr/agentmgr/mapping"
)

// ClaudeEvent is the JSON Claude Code sends on stdin to a PreToolUse hook. Fields Claude Code
// adds in later versions are ignored.
type ClaudeEvent struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path,omitempty"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode,omitempty"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id,omitempty"`
}

// claudePreToolUse is the only hook event the gate answers.
const claudePreToolUse = "PreToolUse"

// ParseClaude reads a Claude Code PreToolUse event into a call: the tool is mapped to its
// permission key and the value is taken from the tool_input field the mapping names. Anything
// the gate cannot decide safely is an error, which the gate turns into a deny.
func ParseClaude(data []byte) (Call, error) {
	var ev ClaudeEvent
	if err := decodeStrict(data, &ev, false); err != nil {
		return Call{}, err
	}
	if ev.HookEventName != "" && ev.HookEventName != claudePreToolUse {
		return Call{}, fmt.Errorf("hook_event_name is %q; agentmgr gate claude answers only %s hooks", ev.HookEventName, claudePreToolUse)
	}
	if ev.ToolName == "" {
		return Call{}, errors.New("tool_name is missing; cannot tell which tool is called")
	}
	if err := checkSession(ev.SessionID); err != nil {
		return Call{}, fmt.Errorf("session_id: %w", err)
	}
	tool := mapping.ClaudeToolFor(ev.ToolName)
	value, err := claudeValue(tool, ev.ToolInput)
	if err != nil {
		return Call{}, err
	}
	return Call{
		Client: ClientClaude, ID: ev.ToolUseID, Session: ev.SessionID, Tool: ev.ToolName,
		Key: tool.Key, Value: value, Cwd: ev.Cwd,
	}, nil
}

// claudeValue picks the value rules match from tool_input: the first field of the tool's
// mapping that is present. A tool with no value field matches as "".
func claudeValue(tool mapping.ClaudeTool, input json.RawMessage) (string, error) {
	if len(tool.Fields) == 0 {
		return "", nil
	}
	var fields map[string]json.RawMessage
	if len(input) == 0 || string(input) == "null" {
		return "", fmt.Errorf("tool_input is missing; %s calls are decided on tool_input.%s", tool.Name, tool.Fields[0])
	}
	if err := json.Unmarshal(input, &fields); err != nil {
		return "", fmt.Errorf("tool_input is not a JSON object; %s calls are decided on tool_input.%s", tool.Name, tool.Fields[0])
	}
	for _, f := range tool.Fields {
		raw, ok := fields[f]
		if !ok || string(raw) == "null" {
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("tool_input.%s is not a string; %s calls are decided on it", f, tool.Name)
		}
		return s, nil
	}
	return "", fmt.Errorf("tool_input.%s is missing; %s calls are decided on it", tool.Fields[0], tool.Name)
}

// ClaudeOutput is what a PreToolUse hook prints on stdout to decide the call.
type ClaudeOutput struct {
	HookSpecificOutput ClaudeDecision `json:"hookSpecificOutput"`
}

// ClaudeDecision is the decision part of ClaudeOutput. Claude Code shows the reason to the model
// on deny, and to the person on allow and ask.
type ClaudeDecision struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision"` // allow, deny or ask
	PermissionDecisionReason string `json:"permissionDecisionReason"`
}

// Claude renders a verdict as Claude Code's hook output.
func (v Verdict) Claude() ClaudeOutput {
	return ClaudeOutput{HookSpecificOutput: ClaudeDecision{
		HookEventName:            claudePreToolUse,
		PermissionDecision:       string(v.Action),
		PermissionDecisionReason: v.Reason,
	}}
}
