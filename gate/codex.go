package gate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// Codex's tools whose payload is not Claude Code's (Codex 0.171.0): apply_patch carries the
// whole patch in tool_input.command, and spawn_agent names the agent it starts in agent_type.
const (
	codexApplyPatch = "apply_patch"
	codexSpawnAgent = "spawn_agent"
)

// codexEvent is the part of a Codex PreToolUse payload read before the Claude Code reading:
// the tools Codex shapes its own way. Every other field is skipped whatever its type.
type codexEvent struct {
	ToolName  string          `json:"tool_name"`
	ToolInput json.RawMessage `json:"tool_input"`
}

// ParseCodex reads a Codex PreToolUse payload into a call. Codex copies Claude Code's payload
// (session_id, cwd, tool_name, tool_input, agent_id and agent_type in a subagent), so it is read
// as Claude Code's is, with three differences: apply_patch is decided as an edit of every file
// its patch names (the strictest answer standing, a patch naming none asks); spawn_agent is
// decided under task on the agent type it starts; and a shell command that starts a shell or
// an interpreter reading its terminal asks whatever the rules say (InteractiveStart), since what
// is typed into it later never reaches a hook.
func ParseCodex(data []byte) (decide.Call, error) {
	var ev codexEvent
	if err := decodeStrict(data, &ev); err != nil {
		return decide.Call{}, err
	}
	c, err := ParseClaude(data)
	if err != nil {
		return decide.Call{}, err
	}
	c.Client = decide.ClientCodex
	switch ev.ToolName {
	case codexApplyPatch:
		return codexPatch(c, ev.ToolInput)
	case codexSpawnAgent:
		return codexSpawn(c, ev.ToolInput)
	}
	if c.Shell() {
		cmd := c.Value
		if c.HasCommand {
			cmd = c.Command
		}
		if start := InteractiveStart(cmd); start != "" {
			c.Opaque = fmt.Sprintf("%q reads commands from a terminal, which Codex feeds it without asking any hook (write_stdin), so it is never allowed unseen", start)
		}
		if strings.Contains(cmd, "*** Begin Patch") {
			// A shell command holding a patch (apply_patch <<'EOF' …) is applied by Codex as a
			// patch: the files it names are written.
			paths, perr := decide.PatchPaths(cmd)
			c.Writes = append(c.Writes, paths...)
			if perr != nil && c.Opaque == "" {
				c.Opaque = perr.Error()
			}
		}
	}
	return c, nil
}

// codexPatch makes c, an apply_patch call, an edit of the files its patch names.
func codexPatch(c decide.Call, input json.RawMessage) (decide.Call, error) {
	fields, err := claudeFields(mapping.ClaudeTool{Name: codexApplyPatch, Key: "edit", Fields: []string{"command"}}, input)
	if err != nil {
		return decide.Call{}, err
	}
	patch, found, err := stringField(fields, []string{"command", "patch", "input"})
	if err != nil {
		return decide.Call{}, err
	}
	c.Key, c.Value, c.Also, c.Command, c.HasCommand, c.Writes, c.URLs, c.Unknown = "edit", "", nil, "", false, nil, nil, false
	paths, perr := decide.PatchPaths(patch)
	if perr != nil {
		c.Opaque = perr.Error()
	}
	if !found || len(paths) == 0 {
		c.NoValue = true
		return c, nil
	}
	c.Value, c.Also, c.NoValue = paths[0], paths[1:], false
	return c, nil
}

// codexSpawn makes c, a spawn_agent call, a task call on the agent type it starts ("default"
// when it names none, Codex's own default).
func codexSpawn(c decide.Call, input json.RawMessage) (decide.Call, error) {
	fields, err := claudeFields(mapping.ClaudeTool{Name: codexSpawnAgent, Key: "task"}, input)
	if err != nil {
		return decide.Call{}, err
	}
	kind, _, err := stringField(fields, []string{"agent_type"})
	if err != nil {
		return decide.Call{}, err
	}
	if kind == "" {
		kind = "default"
	}
	c.Key, c.Value, c.NoValue, c.Command, c.HasCommand, c.Writes, c.URLs, c.Unknown = "task", kind, false, "", false, nil, nil, false
	return c, nil
}

// CodexOutput is what the Codex hook prints: a deny, in the form Codex 0.171.0 honours. An
// allow prints nothing: Codex counts an "allow" answer as a failed hook (and runs the call), so
// the only sure allow is silence with exit status 0.
type CodexOutput struct {
	HookSpecificOutput ClaudeDecision `json:"hookSpecificOutput"`
}

// CodexAnswer renders a verdict as Codex's PreToolUse answer: nil for allow, else a deny with
// the reason. An ask never reaches Codex: the gate settles it first (the app, or deny).
func CodexAnswer(v decide.Verdict) *CodexOutput {
	if v.Action == engine.Allow {
		return nil
	}
	reason := v.Reason
	if v.Action == engine.Ask {
		reason = "agentmgr denied the call, which nobody could be asked about: " + reason
	}
	return &CodexOutput{HookSpecificOutput: ClaudeDecision{
		HookEventName: claudePreToolUse, PermissionDecision: string(engine.Deny), PermissionDecisionReason: reason,
	}}
}

// Codex decides a Codex PreToolUse payload read from input. An ask goes to the app and comes
// back allow or deny; input it cannot read is denied with the reason.
func (g *Gate) Codex(ctx context.Context, input []byte) *CodexOutput {
	c, err := ParseCodex(input)
	if err != nil {
		return CodexAnswer(decide.Refusal(err.Error()))
	}
	return CodexAnswer(g.Decide(ctx, c))
}
