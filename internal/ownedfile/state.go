package ownedfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
)

// State is the state of the file in one config folder.
type State struct {
	Scope     string `json:"scope"` // global or project
	Path      string `json:"path"`
	Installed bool   `json:"installed"`
	// Current is true when the file is exactly what this binary would install: same binary
	// path, same version, same code.
	Current bool   `json:"current"`
	Binary  string `json:"binary,omitempty"`  // the binary the installed file starts
	Version string `json:"version,omitempty"` // the agentmgr version that installed it
	// BinaryMissing is set when the binary it starts is gone: every call is then blocked.
	BinaryMissing bool `json:"binaryMissing,omitempty"`
	// Problem says why the file is not usable as agentmgr's, when it is not.
	Problem string `json:"problem,omitempty"`
}

// Usable reports whether st is an installed file of agentmgr's whose binary is there: the
// program then decides its tool calls through agentmgr.
func (st *State) Usable() bool {
	return st != nil && st.Installed && st.Problem == "" && !st.BinaryMissing
}

// Check is the state of the file in the config folder root, named scope, against the binary
// and version that would install it now.
func (f *File) Check(scope, root, binary, version string) State {
	st := State{Scope: scope, Path: f.Path(root)}
	data, err := os.ReadFile(st.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return st
	case err != nil:
		st.Problem = err.Error()
		return st
	}
	st.Installed = true
	in, err := f.Parse(data)
	if err != nil {
		st.Problem = err.Error()
		return st
	}
	st.Binary, st.Version = in.Binary, in.Version
	st.Current = bytes.Equal(data, f.Render(binary, version))
	if _, err := os.Stat(in.Binary); err != nil {
		st.BinaryMissing = true
	}
	return st
}

// Scopes is the state of the file in the global config folder and in the project's, against
// the binary and version that would install it now. The project's is nil when there is no
// project folder ("") or it is the global one, which would report the same file twice.
func (f *File) Scopes(global, project, binary, version string) (State, *State) {
	g := f.Check("global", global, binary, version)
	if project == "" || project == global {
		return g, nil
	}
	p := f.Check("project", project, binary, version)
	return g, &p
}

// Advise says what to do about the file in the global folder and the project's (nil when
// there is none), one sentence each, and whether it is installed in either. What to do when
// it is installed nowhere is the caller's to say: each program words why it matters.
func (f *File) Advise(global State, project *State) (advice []string, installed bool) {
	advice = []string{}
	for _, st := range []*State{&global, project} {
		if st == nil || !st.Installed {
			continue
		}
		installed = true
		flag := ""
		if st.Scope == "project" {
			flag = " --project"
		}
		install := "`agentmgr " + f.Command + " install" + flag + "`"
		switch {
		case st.Problem != "":
			advice = append(advice, st.Path+" is not agentmgr's "+f.Noun+" ("+st.Problem+"); move it away, then run "+install)
		case st.BinaryMissing:
			advice = append(advice, "the "+st.Scope+" "+f.Noun+" starts "+st.Binary+", which is gone, so "+f.Program+" blocks every tool call; run "+install)
		case !st.Current:
			advice = append(advice, "the "+st.Scope+" "+f.Noun+" was written by another agentmgr ("+st.Version+", "+st.Binary+"); run "+install+" to update it")
		}
	}
	if global.Installed && project != nil && project.Installed {
		advice = append(advice, "the "+f.Noun+" is installed both globally and in the project; "+f.Program+
			" loads both, and both decide every call: run `agentmgr "+f.Command+" uninstall --project` to keep one")
	}
	return advice, installed
}
