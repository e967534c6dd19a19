package pi

import (
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/locations"
)

// Status is the state of the extension in one extensions folder; its scope is global (the
// agent dir) or project.
type Status = ownedfile.State

// Report is the extension's state in the agent dir and the project, and the other extensions
// that would gate or hide the same calls.
type Report struct {
	Global  Status  `json:"global"`
	Project *Status `json:"project,omitempty"` // nil outside a project
	Others  []Other `json:"others"`
	// Leftovers are rival extensions' configurations whose rules nothing applies any more.
	Leftovers []Leftover `json:"leftovers"`
	// Subagents are the subagent extensions found, and whether their children are gated.
	Subagents []SubagentExtension `json:"subagents"`
	Binary    string              `json:"binary"`  // this binary
	Version   string              `json:"version"` // this binary's version
	Advice    []string            `json:"advice"`  // what to do, in order; empty when all is well
}

// Check reports the extension's state as seen from dirs, against the binary and version that
// would install it now.
func Check(dirs locations.Dirs, binary, version string) Report {
	r := Report{Binary: binary, Version: version, Others: Others(dirs), Leftovers: Leftovers(dirs), Subagents: SubagentExtensions(dirs)}
	r.Global, r.Project = extension.Scopes(dirs.GlobalExtensions(), dirs.ProjectExtensions(), binary, version)
	r.Advice = advise(r)
	return r
}

// advise says what to do about r, one sentence each.
func advise(r Report) []string {
	out, installed := extension.Advise(r.Global, r.Project)
	if !installed {
		out = append(out, "the extension is not installed; run `agentmgr pi install` so that pi follows the active agent")
	}
	for _, x := range r.Subagents {
		if !x.Gated {
			out = append(out, x.Name+" ("+x.Where+"): "+x.Why)
		}
		for _, a := range x.Asks {
			if strings.HasPrefix(a, "subagent_type ") {
				out = append(out, x.Name+": its children of "+a+" (until then each spawn of it asks)")
			}
		}
	}
	for _, o := range r.Others {
		switch {
		case o.Import != "":
			// Its rules are the person's: they come over before it goes, installed or not yet.
			then := "then turn it off: " + o.Off
			if !installed {
				then = "then run `agentmgr pi install` and turn it off: " + o.Off
			}
			out = append(out, o.Name+" is installed ("+o.Where+"): agentmgr would gate the same calls. Bring its rules over with `"+o.Import+"`, "+then)
		case installed:
			out = append(out, o.Name+" is installed too ("+o.Where+"): it would gate or hide the same calls. Turn one off: "+o.Off+", or `agentmgr pi uninstall`")
		}
	}
	for _, l := range r.Leftovers {
		out = append(out, l.Name+"'s rules in "+filepath.Join(l.Where, "config.json")+" are applied by nothing now (the extension is gone): bring them over with `"+l.Import+"`, then remove "+l.Where)
	}
	return out
}
