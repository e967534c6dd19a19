// Package ownedfile is a file agentmgr writes into another program's config folder: rendered
// from an embedded template with the binary's absolute path and agentmgr's version, installed,
// updated or left unchanged, never written over a file that is not agentmgr's, removed only
// when it is agentmgr's, and reported as it stands.
//
// The pi extension and the OpenCode plugin are two such files; each names itself through a
// File and keeps its own wording for what it is and which program loads it. The Codex and
// Gemini CLI hooks are the other kind: one handler agentmgr owns inside the runtime's own JSON
// settings (Hook, InstallHook), every other key kept, and a command line that blocks the call
// when agentmgr is missing (HookCommand).
package ownedfile
