package preview

import (
	"os"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/wildcard"
)

// valueGlobs returns the plain wildcards whose union is what the engine compiles a rule's
// value pattern to: wildcard.Alternatives with the engine's options. The engine is the judge
// of every decision; these globs only tell which values a rule can tell apart. home is the
// resolved home directory (see resolveHome).
func valueGlobs(pattern string, path bool, home string) []string {
	return wildcard.Alternatives(pattern, wildcard.Options{Path: path, Home: home})
}

// resolveHome is the home directory previews compile with: the given one, else the user's
// (locations.Home, as the gate finds it).
func resolveHome(home string) string {
	if home == "" {
		return locations.Home(os.Getenv)
	}
	return home
}
