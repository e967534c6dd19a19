package pi

import (
	"encoding/json"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// scope is one place pi loads extensions from: the agent dir, or the project's .pi.
type scope struct {
	dir, ext string // the folder, and its extensions folder
	local    string // what pi's package commands add for it: "" or " -l"
}

// scopes are the agent dir's and, in a project, the project's, in that order.
func scopes(dirs locations.Dirs) []scope {
	out := []scope{{dirs.Agent, dirs.GlobalExtensions(), ""}}
	if dirs.Project != "" {
		out = append(out, scope{dirs.Project, dirs.ProjectExtensions(), " -l"})
	}
	return out
}

// listed is what a scope's settings file lists pi should load besides its extensions folder.
type listed struct {
	settings   string   // the file
	packages   []string // the packages entries' sources
	extensions []string // the extensions entries, as written ("-name" turns one off)
}

// listed reads the scope's settings file; ok is false when there is none or it does not read
// as settings (pi then loads nothing from it either).
func (s scope) listed() (l listed, ok bool) {
	l.settings = filepath.Join(s.dir, SettingsName)
	data, err := regularfile.Read(l.settings, regularfile.StateLimit)
	if err != nil {
		return l, false
	}
	var raw struct {
		Packages   []json.RawMessage `json:"packages"`
		Extensions []string          `json:"extensions"`
	}
	if json.Unmarshal(data, &raw) != nil {
		return l, false
	}
	for _, p := range raw.Packages {
		l.packages = append(l.packages, packageSource(p))
	}
	l.extensions = raw.Extensions
	return l, true
}
