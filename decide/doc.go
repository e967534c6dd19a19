// Package decide is the one path of a call from who makes it to what decides it: the session's
// persona (pinned by the runtime, named by the request, or the active one), and the agents
// between the session and the call (subagents, outermost first). Every persona on that chain
// decides and the most restrictive answer wins, so a subagent is never looser than the agent
// that started it; a name on the chain that is no persona leaves the call to its caller, and the
// resolution says so (docs/gate.md, "Subagents"). The Claude Code gate resolves every call
// here; the other runtimes' subagents (pi's child sessions, OpenCode's) are to take the same
// path, so that the rule is written once.
package decide
