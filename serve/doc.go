// Package serve answers a running agent's questions over JSON lines: one request per line, one
// reply per line, matched by the request's id.
//
// It backs the pi extension: `agentmgr serve --stdio` is started once per pi session and
// decides every tool call with the gate's decision path (persona, guards, session rules, yolo,
// shell analysis, review log), says which persona is active with its hidden tools and system
// prompt, switches the active agent, stores the person's replies to asks as session rules, and
// forwards an ask to the app's inbox when pi has nobody to ask. The OpenCode plugin uses the
// same server: its calls name OpenCode's tools (runtime "opencode") and the chain of agents
// they run under, which decides a subagent's call with its persona and its callers'. A
// malformed line gets an error reply and the stream goes on; the server stops when its input
// ends.
package serve
