package personas

import "github.com/agentmgr/agentmgr/locations"

// AgentsDir is the persona folder of scope s, or "" (built-ins have none; a project may be
// absent).
func AgentsDir(d locations.Dirs, s Scope) string {
	switch s {
	case ScopeGlobal:
		return d.GlobalAgents()
	case ScopeProject:
		return d.ProjectAgents()
	}
	return ""
}
