package opencode

import "github.com/agentmgr/agentmgr/internal/ownedfile"

// PluginState is the state of the plugin in one OpenCode config folder.
type PluginState = ownedfile.State

// Report is the plugin's state in the global config folder and the project, and what else
// decides the same calls.
type Report struct {
	Global  PluginState  `json:"global"`
	Project *PluginState `json:"project,omitempty"` // nil when there is no project folder
	Others  []Other      `json:"others"`
	Binary  string       `json:"binary"`  // this binary
	Version string       `json:"version"` // this binary's version
	Advice  []string     `json:"advice"`  // what to do, in order; empty when all is well
}

// Active reports whether a usable plugin is installed in either scope: OpenCode then decides
// its tool calls through agentmgr.
func (r Report) Active() bool { return r.Global.Usable() || r.Project.Usable() }

// Status reports the plugin's state as seen from d, against the binary and version that
// would install it now. The app's runtime screen and `agentmgr opencode status` show it.
func Status(d Dirs, binary, version string) Report {
	r := Report{Binary: binary, Version: version, Others: Others(d)}
	r.Global, r.Project = plugin.Scopes(d.Global, d.Project, binary, version)
	r.Advice = advise(r)
	return r
}

// advise says what to do about r, one sentence each.
func advise(r Report) []string {
	out, installed := plugin.Advise(r.Global, r.Project)
	if !installed {
		out = append(out, "the plugin is not installed; run `agentmgr opencode install` so that agentmgr decides OpenCode's tool calls")
	}
	if installed {
		for _, o := range r.Others {
			out = append(out, o.Kind+" "+o.Name+" ("+o.Where+"): "+o.Effect)
		}
	}
	return out
}
