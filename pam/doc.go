// Package pam models what pi-agent-manager 0.18.1 (the pi extension agentmgr grew out of) does
// with an agent dir: which files it loads or skips, what breaks it entirely, which tools it
// hides, the order of its agents, where a session starts, how next and previous cycle, and which
// keys it binds. It is written from that version's source and measurements of it running in pi
// 1.6.0, and it is deliberately apart from engine: agentmgr's own gate and pi extension keep
// their semantics, and this package only predicts the other runtime.
package pam

// Runtime names the modelled version in every message and report.
const Runtime = "pi-agent-manager 0.18.1"
