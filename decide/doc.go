// Package decide is the one path of a call, whichever adapter it came in through (gate
// claude, gate json, serve for pi's main agent, its subagents' child sessions and OpenCode,
// eval, check, replay and the app's simulator):
//
//   - Call is the call as every adapter reads it (ToolCall for the neutral protocols; the
//     Claude Code gate and serve add what a tool's input also carries, FindSideDoors).
//   - For resolves who decides it and composes their policy: the persona pinned by the
//     runtime, named by the request, the state file's active one or the default (Resolve),
//     and every persona on a subagent's chain of agents (Chains). Every problem met on the way
//     is returned, for the adapter to report.
//   - Judge decides it by rule: the persona and its callers, guards, session rules and yolo;
//     the value at the call's working directory, shell commands unit by unit, a missing value,
//     a carried command, written paths and fetched URLs, and the rule for tools agentmgr does
//     not know.
//   - LogCall is how the review log records it, and Logged the call replay reads back from
//     that record.
//
// Every persona on a call's chain decides and the most restrictive answer wins, so a subagent
// is never looser than the agent that started it; a name on the chain that is no persona
// leaves the call to its caller, and the resolution says so (docs/gate.md, "Subagents"). An
// ask is settled by the approvals' one reply (approvals.Broker.Hold and Reply: once, always
// into one of the sessions whose rules decide the call, reject, with the authority of
// whatever relayed the answer, settling the other asks those rules decide), wherever the
// person answers.
package decide
