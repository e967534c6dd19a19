package decide

import "github.com/agentmgr/agentmgr/approvals"

// LogCall is c as the review log and the approvals record it, decided by persona agent: the
// tool as the agent called it (a skill's inline command under its skill's name), every value
// decided, the session, the subagent and the agent's id for the call. Every adapter records
// through it, so that a call reads the same in the log whichever way it came in.
func LogCall(c Call, agent string) approvals.Call {
	tool := c.Tool
	if c.Skill != "" {
		tool = "skill " + c.Skill + ": " + c.Tool
	}
	return approvals.Call{
		Session: c.Session, Agent: agent, AgentID: c.AgentID, CallID: c.ID, Tool: tool,
		Values: append([]string{c.Value}, c.Also...),
	}
}
