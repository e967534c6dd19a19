package main

import (
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/pi"
)

// lintAM is the kind of the findings about pi-agent-manager 0.18.1.
const lintAM = "pi-agent-manager"

// amFindings are warnings for every persona file pi-agent-manager 0.18.1 would skip, break on or
// read differently, with what to change. With only, just the files of the listed personas
// (and files of the same name) are reported.
func amFindings(e *env, list []*personas.Persona, only bool) []lintJSON {
	r := compatReport(e, nil)
	names := map[string]string{} // file -> persona name
	for _, p := range e.catalog(true).Personas() {
		if p.Path != "" {
			names[p.Path] = p.Name
		}
	}
	keep := func(file string) bool {
		if !only {
			return true
		}
		for _, p := range list {
			if file == p.Path || strings.EqualFold(strings.TrimSuffix(filepath.Base(file), ".md"), p.Name) {
				return true
			}
		}
		return false
	}
	var out []lintJSON
	for _, d := range r.Differences {
		// Differences about no one persona file (the cycle, keys, built-ins) belong to compat.
		if !strings.HasSuffix(d.File, ".md") && !strings.HasSuffix(d.File, ".json") || filepath.Base(d.File) == "keybindings.json" {
			continue
		}
		if !keep(d.File) {
			continue
		}
		out = append(out, lintJSON{Agent: names[d.File], File: d.File, Line: d.Line, Kind: lintAM, Message: d.Message, Fix: d.Fix})
	}
	return out
}

// usesPiSubagents reports whether pi-subagents is installed (in extensions/ or settings.json of
// the agent dir or the project): only then does a file it reads differently matter.
func usesPiSubagents(e *env) bool {
	for _, x := range pi.SubagentExtensions(e.dirs()) {
		if x.Kind == pi.KindPiSubagents {
			return true
		}
	}
	return false
}

// lintPiSubagents is the kind of the findings about files pi-subagents reads too.
const lintPiSubagents = "pi-subagents"

// piSubagentsFindings warn about every persona file that pi-subagents also takes for one of its
// agents, where the same fields mean something else (docs/pi.md, "One folder, two meanings").
func piSubagentsFindings(list []*personas.Persona) []lintJSON {
	var out []lintJSON
	for _, p := range list {
		if p.Path == "" || !strings.HasSuffix(p.Path, ".md") {
			continue
		}
		data, err := regularfile.Read(p.Path, regularfile.PersonaLimit)
		if err != nil {
			continue
		}
		if msg := personas.PiSubagentsMeaning(data); msg != "" {
			out = append(out, lintJSON{Agent: p.Name, File: p.Path, Line: 1, Kind: lintPiSubagents, Message: msg})
		}
	}
	return out
}
