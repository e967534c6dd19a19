package preview

import (
	"github.com/agentmgr/agentmgr/engine"
)

// valueGlobs returns the plain wildcards whose union is what engine.CompilePattern makes of a
// rule's value pattern: engine.Alternatives, as automata. The engine is the judge of every
// decision; these globs only tell which values a rule can tell apart.
func valueGlobs(pattern string, path bool, home string) []string {
	return engine.Alternatives(pattern, engine.PatternOptions{Path: path, Home: home})
}

// resolveHome is the home directory previews compile with: the given one, else the user's.
func resolveHome(home string) string {
	if home == "" {
		return engine.HomeDir()
	}
	return home
}
