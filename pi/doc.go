// Package pi installs, removes and reports agentmgr's pi extension: a small TypeScript file,
// embedded in the binary, that makes agentmgr the permission engine of a running pi session
// through one `agentmgr serve --stdio` child.
//
// Install writes extensions/agentmgr/index.ts into pi's agent dir (or a project's .pi folder)
// with the absolute path of the binary that serves it; Uninstall removes exactly that; Check
// says whether it is installed and current, which binary it calls, and which other extensions
// would gate or hide the same calls.
package pi
