// Package gate speaks the protocols of short-lived hooks: Claude Code's PreToolUse hook
// (ParseClaude, ClaudeAnswer) and the neutral JSON protocol (ParseNeutral, NeutralAnswer).
//
// A gate is one short process per tool call. It reads the call in its protocol, judges it with
// the decision layer (decide.Decider: the persona, guards, session rules, a subagent's chain)
// and, when the persona asks, forwards it to the desktop app's inbox (inbox.Ask). Bad input, a
// broken policy or nobody serving never lets a call through: the gate fails closed.
//
// The package knows the protocols' JSON and nothing of persona folders or the GUI: the caller
// hands it the policy to decide with.
package gate
