// Package opencode installs, removes and reports agentmgr's OpenCode plugin: a small
// JavaScript file, embedded in the binary, that makes agentmgr decide every tool call of
// OpenCode through one `agentmgr serve --stdio` child.
//
// Install writes plugin/agentmgr.js into OpenCode's global config dir (or a project's
// .opencode folder) with the absolute path of the binary that serves it; Uninstall removes
// exactly that; Check says whether it is installed and current, which binary it calls, and
// which other plugins or permission configs would also decide the same calls.
package opencode
