package decide

import (
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/mapping"
)

// LogCall is c as the review log and the approvals record it, decided by persona agent: the
// tool as the agent called it (a skill's inline command under its skill's name), every value
// decided, the session, the subagent and the agent's id for the call. Every adapter records
// through it, so that a call reads the same in the log whichever way it came in.
func LogCall(c Call, agent string) approvals.Call {
	tool := c.Tool
	if c.Skill != "" {
		tool = skillPrefix + c.Skill + ": " + c.Tool
	}
	return approvals.Call{
		Session: c.Session, Agent: agent, AgentID: c.AgentID, CallID: c.ID, Tool: tool,
		Values: append([]string{c.Value}, c.Also...),
	}
}

// skillPrefix starts the tool name LogCall gives a skill's inline command.
const skillPrefix = "skill "

// Logged is the call the review log recorded (LogCall) as tool, decided under key, on
// values, to be decided again (replay): the tool as the agent named it, its first value and
// the others as Also, Unknown when agentmgr has no table entry for the tool, and NoValue
// when a shell or path key has no value to decide on, as the gate read it. What the log
// does not keep (the working directory, a tool's other input fields) is not there.
func Logged(tool, key string, values []string) Call {
	c := Call{Client: ClientJSON, Tool: tool, Key: key}
	if rest, ok := strings.CutPrefix(tool, skillPrefix); ok {
		if skill, t, ok := strings.Cut(rest, ": "); ok && skill != "" {
			c.Skill, c.Tool = skill, t
		}
	}
	c.Unknown = !mapping.IsKnownTool(c.Tool)
	if len(values) > 0 {
		c.Value, c.Also = values[0], values[1:]
	}
	c.NoValue = mapping.IsShellKey(key) && strings.TrimSpace(c.Value) == "" || mapping.IsPathKey(key) && c.Value == ""
	return c
}
