package main

import (
	"fmt"

	"github.com/agentmgr/agentmgr/personas"
)

// unusedJSON is a project persona file the catalog does not use, as list --json shows it.
type unusedJSON struct {
	Name   string `json:"name,omitempty"`
	Scope  string `json:"scope"`
	File   string `json:"file"`
	Reason string `json:"reason"`
}

func unusedList(c *personas.Catalog) []unusedJSON {
	out := []unusedJSON{}
	for _, u := range c.Unused() {
		j := unusedJSON{Scope: personas.ScopeProject.String(), File: u.File, Reason: u.Why}
		if u.Persona != nil {
			j.Name = u.Persona.Name
		}
		out = append(out, j)
	}
	return out
}

// printUnused lists, after the personas in use, the project persona files that are not, with
// why, and what would make an untrusted project's files used: never silently left out.
func printUnused(e *env, c *personas.Catalog) {
	un := c.Unused()
	if len(un) == 0 {
		return
	}
	fmt.Fprintln(e.stdout, "\nnot used:")
	tw := newTable(e.stdout)
	for _, u := range un {
		name := "?"
		if u.Persona != nil {
			name = u.Persona.Name
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", name, u.File, u.Why)
	}
	tw.Flush()
	if st := c.Trust(); !st.Uses() {
		fmt.Fprintf(e.stdout, "project %s: trust it with %s\n", st.Dir, st.Advice())
	}
}
