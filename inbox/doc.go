// Package inbox carries the asks of short-lived enforcers to the desktop app and its answers
// back: the inbox folder's files (a request per ask, its response, the serving record), the
// enforcer's side (Forward, and Ask, which turns a judged ask into a request and the answer
// into a verdict) and the app's side (Server, which picks requests up, decides them again with
// the app's approvals and hands the ones that still ask to the person as Prompts).
//
// Nobody serving, a stale heartbeat or a timeout never lets a call through: Claude Code is
// left to ask in its own terminal, every other client is denied.
package inbox
