// Package locations names every place on disk agentmgr reads or writes: pi's agent dir (from
// $PI_CODING_AGENT_DIR, a leading ~ read as the home directory), agentmgr's state folder in it
// (state file, guards, sessions, which subagent started which, review log, gate inbox, trash), pi's keybindings file, the
// extensions folders, and the project's .pi folder found from the working directory upward.
//
// Every package asks this one for a path, so that two commands never disagree on where a file
// is: with PI_CODING_AGENT_DIR='~/piX', `agentmgr yolo on` and `agentmgr keys set` both write
// under $HOME/piX.
package locations
