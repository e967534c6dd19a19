// Package gate decides a running agent's tool calls headlessly, and forwards the calls that need
// a person to the desktop app.
//
// A gate is one short process per tool call: Claude Code's PreToolUse hook (ParseClaude,
// ClaudeOutput) or any other agent speaking the neutral protocol (ParseNeutral,
// NeutralResponse). Gate.Decide decides the call with the active persona; an ask is written as
// a request file into the inbox (agent-manager/inbox/ in the agent dir) and the gate waits for
// the response file while a Server — the app — publishes a fresh heartbeat record. Nobody
// serving, bad input, or a broken policy never lets a call through: the gate fails closed.
//
// The package knows files and processes but no persona folders and no GUI: the caller hands
// it the policy to decide with, and the app hands the Server the dialog that asks the person.
package gate
