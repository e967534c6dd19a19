package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/personas"
)

type personaJSON struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Scope       string   `json:"scope"`
	File        string   `json:"file,omitempty"`
	Icon        string   `json:"icon,omitempty"`
	Color       string   `json:"color,omitempty"`
	Hidden      bool     `json:"hidden"`
	Steps       int      `json:"steps,omitempty"`
	Active      bool     `json:"active"`
	Permissions string   `json:"permissions"`
	Unknown     []string `json:"unknownKeys,omitempty"`
	// PiAgentManager is what pi-agent-manager 0.18.1 does with the persona's file; absent for
	// built-ins.
	PiAgentManager *amMark `json:"piAgentManager,omitempty"`
}

// amMark is a file's status for pi-agent-manager 0.18.1 (compat.Status*) and why.
type amMark struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

func toJSON(p *personas.Persona, active bool) personaJSON {
	return personaJSON{Name: p.Name, Description: p.Description, Type: p.Type, Scope: p.Scope.String(),
		File: p.Path, Icon: p.Icon, Color: p.Color, Hidden: p.Hidden, Steps: p.Steps, Active: active,
		Permissions: formName(p), Unknown: p.Unknown}
}

// formName says how the persona gives its permissions.
func formName(p *personas.Persona) string { return p.Form.Describe(p.Preset, len(p.Rules)) }

const listHelp = "List every persona: built-in, global and project, with the files that failed to load."

func listOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		c := e.catalog(*asJSON)
		active := e.activeName()
		marks := amMarks(e)
		if *asJSON {
			out := struct {
				Personas []personaJSON      `json:"personas"`
				Shadowed []personaJSON      `json:"shadowed"`
				Unused   []unusedJSON       `json:"unused"`
				Problems []personas.Problem `json:"problems"`
			}{Personas: []personaJSON{}, Shadowed: []personaJSON{}, Unused: unusedList(c), Problems: c.Problems()}
			for _, p := range c.Personas() {
				j := toJSON(p, p.Name == active)
				j.PiAgentManager = marks[p.Path]
				out.Personas = append(out.Personas, j)
			}
			for _, p := range c.Shadowed() {
				j := toJSON(p, false)
				j.PiAgentManager = marks[p.Path]
				out.Shadowed = append(out.Shadowed, j)
			}
			if out.Problems == nil {
				out.Problems = []personas.Problem{}
			}
			return writeJSON(e, out)
		}
		yoloBanner(e)
		tw := newTable(e.stdout)
		// The AM column appears only when some file needs it, so a plain agent dir lists as before.
		amCol := false
		for _, p := range c.Personas() {
			if m := marks[p.Path]; m != nil && m.Status != compat.StatusLoads {
				amCol = true
			}
		}
		head := "\tNAME\tTYPE\tSCOPE\tPERMISSIONS\tDESCRIPTION"
		if amCol {
			head = "\tNAME\tTYPE\tSCOPE\tPERMISSIONS\tPI-AGENT-MANAGER\tDESCRIPTION"
		}
		fmt.Fprintln(tw, head)
		for _, p := range c.Personas() {
			mark := " "
			if p.Name == active {
				mark = "*"
			}
			typ := p.Type
			if p.Hidden {
				typ += " (hidden)"
			}
			if amCol {
				am := ""
				if m := marks[p.Path]; m != nil && m.Status != compat.StatusLoads {
					am = m.Status
				}
				fmt.Fprintf(tw, "%s\t%s %s\t%s\t%s\t%s\t%s\t%s\n", mark, icon(p), p.Name, typ, p.Scope, formName(p), am, oneLine(p.Description, 60))
				continue
			}
			fmt.Fprintf(tw, "%s\t%s %s\t%s\t%s\t%s\t%s\n", mark, icon(p), p.Name, typ, p.Scope, formName(p), oneLine(p.Description, 60))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if amCol {
			fmt.Fprintln(e.stdout, "\nPI-AGENT-MANAGER: what pi-agent-manager 0.18.1 does with the file when you run it instead of agentmgr's enforcement; `agentmgr compat` says why")
		}
		printUnused(e, c)
		// A file that is not in effect is still on disk: say which, so an edit goes to the right one.
		for _, p := range c.Shadowed() {
			what := "the built-in " + p.Name
			if p.Path != "" {
				what = p.Scope.String() + " " + p.Path
			}
			by := "another persona"
			if q, ok := c.Lookup(p.Name); ok {
				by = q.Scope.String() + " " + q.Path
			}
			fmt.Fprintf(e.stderr, "note: %s is replaced by %s\n", what, by)
		}
		return nil
	}
}

func icon(p *personas.Persona) string {
	if p.Icon == "" {
		return " "
	}
	return p.Icon
}

func oneLine(s string, max int) string {
	r := []rune(s)
	for i, c := range r {
		if c == '\n' {
			r = r[:i]
			break
		}
	}
	if len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return string(r)
}

// writeJSON prints v indented for a person reading it: commands keep their && and <, not
// \u0026 and \u003c (eval, a contract, keeps the encoder's default).
func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// amMarks maps each persona file to what pi-agent-manager 0.18.1 does with it.
func amMarks(e *env) map[string]*amMark {
	out := map[string]*amMark{}
	for _, f := range compatReport(e, nil).Files {
		out[f.File] = &amMark{Status: f.Status, Reason: f.Reason}
	}
	return out
}
