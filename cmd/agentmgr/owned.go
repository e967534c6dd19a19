package main

import (
	"fmt"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// printOwnedStates prints where agentmgr's file (the pi extension, the OpenCode plugin, named
// noun) is installed and in what state, one scope after the other; a nil scope is skipped.
func printOwnedStates(e *env, noun string, states ...*ownedfile.State) {
	for _, st := range states {
		if st == nil {
			continue
		}
		switch {
		case !st.Installed:
			fmt.Fprintf(e.stdout, "%-8s not installed (%s)\n", st.Scope, st.Path)
		case st.Problem != "":
			fmt.Fprintf(e.stdout, "%-8s not agentmgr's %s: %s (%s)\n", st.Scope, noun, st.Path, st.Problem)
		default:
			state := "current"
			if !st.Current {
				state = "outdated (written by agentmgr " + st.Version + ")"
			}
			if st.BinaryMissing {
				state += ", its binary is missing"
			}
			fmt.Fprintf(e.stdout, "%-8s installed, %s: %s\n%-8s starts %s\n", st.Scope, state, st.Path, "", st.Binary)
		}
	}
}
