// Package release names this release of agentmgr, for both of its programs: the CLI
// (cmd/agentmgr) and the desktop app (cmd/agentmgr-app) must report, and write into the
// extensions they install, the same version.
package release

// Version is the release of agentmgr.
const Version = "0.1.0"
