package pi

import (
	"bytes"
	"errors"
	"io/fs"
	"os"

	"github.com/agentmgr/agentmgr/locations"
)

// Status is the state of the extension in one extensions folder.
type Status struct {
	Scope     string `json:"scope"` // global (the agent dir) or project
	Path      string `json:"path"`
	Installed bool   `json:"installed"`
	// Current is true when the file is exactly what this binary would install: same binary
	// path, same version, same code.
	Current bool   `json:"current"`
	Binary  string `json:"binary,omitempty"`  // the binary the installed extension starts
	Version string `json:"version,omitempty"` // the agentmgr version that installed it
	// BinaryMissing is set when the binary it starts is gone: every call is then blocked.
	BinaryMissing bool `json:"binaryMissing,omitempty"`
	// Problem says why the file is not usable as agentmgr's extension, when it is not.
	Problem string `json:"problem,omitempty"`
}

// Report is the extension's state in the agent dir and the project, and the other extensions
// that would gate or hide the same calls.
type Report struct {
	Global  Status  `json:"global"`
	Project *Status `json:"project,omitempty"` // nil outside a project
	Others  []Other `json:"others"`
	// Subagents are the subagent extensions found, and whether their children are gated.
	Subagents []SubagentExtension `json:"subagents"`
	Binary    string              `json:"binary"`  // this binary
	Version   string              `json:"version"` // this binary's version
	Advice    []string            `json:"advice"`  // what to do, in order; empty when all is well
}

// Check reports the extension's state as seen from dirs, against the binary and version that
// would install it now.
func Check(dirs locations.Dirs, binary, version string) Report {
	r := Report{Global: check("global", dirs.GlobalExtensions(), binary, version), Binary: binary, Version: version, Others: Others(dirs), Subagents: SubagentExtensions(dirs)}
	if ext := dirs.ProjectExtensions(); ext != "" {
		st := check("project", ext, binary, version)
		r.Project = &st
	}
	r.Advice = advise(r)
	return r
}

func check(scope, extDir, binary, version string) Status {
	st := Status{Scope: scope, Path: Path(extDir)}
	data, err := os.ReadFile(st.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return st
	case err != nil:
		st.Problem = err.Error()
		return st
	}
	st.Installed = true
	in, err := Parse(data)
	if err != nil {
		st.Problem = err.Error()
		return st
	}
	st.Binary, st.Version = in.Binary, in.Version
	st.Current = bytes.Equal(data, Render(binary, version))
	if _, err := os.Stat(in.Binary); err != nil {
		st.BinaryMissing = true
	}
	return st
}

// advise says what to do about r, one sentence each.
func advise(r Report) []string {
	out := []string{}
	installed := false
	for _, st := range []*Status{&r.Global, r.Project} {
		if st == nil || !st.Installed {
			continue
		}
		installed = true
		flag := ""
		if st.Scope == "project" {
			flag = " --project"
		}
		switch {
		case st.Problem != "":
			out = append(out, st.Path+" is not agentmgr's extension ("+st.Problem+"); move it away, then run `agentmgr pi install"+flag+"`")
		case st.BinaryMissing:
			out = append(out, "the "+st.Scope+" extension starts "+st.Binary+", which is gone, so pi blocks every tool call; run `agentmgr pi install"+flag+"`")
		case !st.Current:
			out = append(out, "the "+st.Scope+" extension was written by another agentmgr ("+st.Version+", "+st.Binary+"); run `agentmgr pi install"+flag+"` to update it")
		}
	}
	if !installed {
		out = append(out, "the extension is not installed; run `agentmgr pi install` so that pi follows the active agent")
	}
	if installed && r.Global.Installed && r.Project != nil && r.Project.Installed {
		out = append(out, "the extension is installed both globally and in the project; pi loads both, and both decide every call: run `agentmgr pi uninstall --project` to keep one")
	}
	for _, x := range r.Subagents {
		if !x.Gated {
			out = append(out, x.Name+" ("+x.Where+"): "+x.Why)
		}
	}
	if installed {
		for _, o := range r.Others {
			out = append(out, o.Name+" is installed too ("+o.Where+"): it would gate or hide the same calls. Turn one off: "+o.Off+", or `agentmgr pi uninstall`")
		}
	}
	return out
}
