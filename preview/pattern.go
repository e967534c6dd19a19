package preview

import "github.com/agentmgr/agentmgr/wildcard"

// valueGlobs returns the plain wildcards whose union is what the engine compiles a rule's
// value pattern to: wildcard.Alternatives with the engine's options. The engine is the judge
// of every decision; these globs only tell which values a rule can tell apart. home is
// Options.Home.
func valueGlobs(pattern string, path bool, home string) []string {
	return wildcard.Alternatives(pattern, wildcard.Options{Path: path, Home: home})
}
