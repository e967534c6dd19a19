package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

type lintJSON struct {
	Agent   string `json:"agent"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Kind    string `json:"kind"`
	Rule    int    `json:"rule,omitempty"` // 1-based; 0 when about the whole persona
	By      int    `json:"by,omitempty"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

const lintHelp = "Check personas (all, or the ones named) and the files that failed to load.\nExits 1 when a file failed to load, 0 when there are only findings."

func lintOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, names []string) error {
		c := e.catalog(true)
		var list []*personas.Persona
		if len(names) == 0 {
			list = c.Personas()
		} else {
			for _, n := range names {
				p, err := persona(c, e, n)
				if err != nil {
					return err
				}
				list = append(list, p)
			}
		}
		// The tools the built-ins name (todo, ctx_*) are known tools too.
		known := knownTools(e)
		for _, name := range builtin.Names {
			if b, _ := personas.LoadBuiltin(name); b != nil {
				for _, r := range b.Rules {
					known = append(known, r.Permission)
				}
			}
		}
		var out []lintJSON
		for _, p := range list {
			for _, f := range engine.Lint(p.Rules, engine.LintOptions{Legacy: p.Form == personas.FormLegacy, ExtraTools: known}) {
				j := lintJSON{Agent: p.Name, File: p.Path, Kind: string(f.Kind), Rule: f.Rule + 1, By: f.By + 1, Message: f.Message, Fix: f.Fix}
				if f.Rule >= 0 {
					j.Line = p.Rules[f.Rule].Source.Line
				}
				out = append(out, j)
			}
			for _, r := range preview.Failed(preview.RunExamples(p.Rules, examplesOf(p))) {
				out = append(out, lintJSON{Agent: p.Name, File: p.Path, Line: r.Line, Kind: string(preview.LintExample), Rule: r.Rule + 1, Message: r.Message()})
			}
		}
		out = append(out, amFindings(e, list, len(names) > 0)...)
		out = append(out, mcpFindings(e, list)...)
		if usesPiSubagents(e) {
			out = append(out, piSubagentsFindings(list)...)
		}
		probs := c.Problems()
		if len(names) > 0 {
			probs = problemsOf(probs, list)
		}
		broken := 0
		for _, pr := range probs {
			if pr.Severity == personas.Error {
				broken++
			}
		}
		if *asJSON {
			if out == nil {
				out = []lintJSON{}
			}
			if probs == nil {
				probs = []personas.Problem{}
			}
			if err := writeJSON(e, map[string]any{"findings": out, "problems": probs}); err != nil {
				return err
			}
		} else {
			reportProblems(e.stdout, probs, personas.Warning)
			for _, f := range out {
				where := f.Agent
				if f.File != "" && f.Line > 0 {
					where = fmt.Sprintf("%s:%d", f.File, f.Line)
				}
				if f.Kind == lintAM && f.Fix != "" {
					fmt.Fprintf(e.stdout, "%s: %s: %s (fix: %s)\n", where, f.Kind, f.Message, f.Fix)
					continue
				}
				fmt.Fprintf(e.stdout, "%s: %s: %s\n", where, f.Kind, f.Message)
			}
			if len(out) == 0 && broken == 0 {
				noun := "personas"
				if len(list) == 1 {
					noun = "persona"
				}
				fmt.Fprintf(e.stdout, "%d %s, no findings\n", len(list), noun)
			}
		}
		if broken > 0 {
			return exitError{1}
		}
		return nil
	}
}
