package opencode

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
)

// PluginState is the state of the plugin in one OpenCode config folder.
type PluginState struct {
	Scope     string `json:"scope"` // global or project
	Path      string `json:"path"`
	Installed bool   `json:"installed"`
	// Current is true when the file is exactly what this binary would install: same binary
	// path, same version, same code.
	Current bool   `json:"current"`
	Binary  string `json:"binary,omitempty"`  // the binary the installed plugin starts
	Version string `json:"version,omitempty"` // the agentmgr version that installed it
	// BinaryMissing is set when the binary it starts is gone: every call is then blocked.
	BinaryMissing bool `json:"binaryMissing,omitempty"`
	// Problem says why the file is not usable as agentmgr's plugin, when it is not.
	Problem string `json:"problem,omitempty"`
}

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
func (r Report) Active() bool {
	for _, st := range []*PluginState{&r.Global, r.Project} {
		if st != nil && st.Installed && st.Problem == "" && !st.BinaryMissing {
			return true
		}
	}
	return false
}

// Status reports the plugin's state as seen from d, against the binary and version that
// would install it now. The app's runtime screen and `agentmgr opencode status` show it.
func Status(d Dirs, binary, version string) Report {
	r := Report{Global: check("global", d.Global, binary, version), Binary: binary, Version: version, Others: Others(d)}
	if d.Project != "" && d.Project != d.Global {
		st := check("project", d.Project, binary, version)
		r.Project = &st
	}
	r.Advice = advise(r)
	return r
}

func check(scope, configDir, binary, version string) PluginState {
	st := PluginState{Scope: scope, Path: Path(configDir)}
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
	for _, st := range []*PluginState{&r.Global, r.Project} {
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
			out = append(out, st.Path+" is not agentmgr's plugin ("+st.Problem+"); move it away, then run `agentmgr opencode install"+flag+"`")
		case st.BinaryMissing:
			out = append(out, "the "+st.Scope+" plugin starts "+st.Binary+", which is gone, so OpenCode blocks every tool call; run `agentmgr opencode install"+flag+"`")
		case !st.Current:
			out = append(out, "the "+st.Scope+" plugin was written by another agentmgr ("+st.Version+", "+st.Binary+"); run `agentmgr opencode install"+flag+"` to update it")
		}
	}
	if !installed {
		out = append(out, "the plugin is not installed; run `agentmgr opencode install` so that agentmgr decides OpenCode's tool calls")
	}
	if r.Global.Installed && r.Project != nil && r.Project.Installed {
		out = append(out, "the plugin is installed both globally and in the project; OpenCode loads both, and both decide every call: run `agentmgr opencode uninstall --project` to keep one")
	}
	if installed {
		for _, o := range r.Others {
			out = append(out, o.Kind+" "+o.Name+" ("+o.Where+"): "+o.Effect)
		}
	}
	return out
}
