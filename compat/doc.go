// Package compat compares what agentmgr and pi-agent-manager 0.18.1 (modelled by package pam)
// each make of the same agent dir: which files load, which tools each hides, the start agent,
// the cycle and the keys. agentmgr's own semantics are not changed by it; it only says where
// the other runtime will behave differently, and what to change in a file so that it does not.
package compat
