package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/personas"
)

// activeFromState is the active persona named in agent-manager/state.json. A name the catalog
// does not have falls back to the default (planner) with a warning on stderr.
func activeFromState(e *env) string {
	d := e.dirs()
	st, probs := personas.LoadState(d)
	reportProblems(e.stderr, probs, personas.Warning)
	if st.Active == "" {
		return ""
	}
	p, probs := personas.ActivePersona(e.load(), st)
	reportProblems(e.stderr, probs, personas.Warning)
	if p == nil {
		return ""
	}
	return p.Name
}

// useArgs is what a use given more than one of its choices is told.
const useArgs = "give one persona name, or --next, or --previous"

const useHelp = "Show the active agent, or set it: by name, or the next or previous primary, non-hidden persona in catalog order (wrapping around). The choice is kept in agent-manager/state.json in the agent dir."

func useOptions(fs *flag.FlagSet) action {
	next := fs.Bool("next", false, "switch to the next agent")
	prev := fs.Bool("previous", false, "switch to the previous agent")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		var err error
		if (*next || *prev) && len(rest) > 0 || *next && *prev {
			return usageError{useArgs}
		}
		d := e.dirs()
		// Cycling needs every persona; a name or nothing needs only that one and the active one.
		var c *personas.Catalog
		if *next || *prev {
			c = e.catalog(true)
		} else {
			c = e.loadNamed(true, rest...)
		}
		st, probs := personas.LoadState(d)
		reportProblems(e.stderr, probs, personas.Warning)
		cur, probs := personas.ActivePersona(c, st)
		reportProblems(e.stderr, probs, personas.Warning)
		target := cur
		switch {
		case *next || *prev:
			step := 1
			if *prev {
				step = -1
			}
			if target, err = personas.Cycle(c, cur.Name, step); err != nil {
				return err
			}
		case len(rest) == 1:
			p, err := persona(c, e, rest[0])
			if err != nil {
				return err
			}
			if !p.IsPrimary() {
				// The same answer as /agent NAME in pi: a subagent decides its own calls when it
				// runs as a subagent, never as the active agent.
				return fmt.Errorf("%s", personas.SubagentRefusal(p.Name))
			}
			target = p
		}
		if !*asJSON {
			reportFor(e.stderr, c, target)
		}
		changed := target.Name != st.Active && (len(rest) == 1 || *next || *prev)
		if changed {
			st.Active = target.Name
			if err := personas.SaveState(d, st); err != nil {
				return err
			}
		}
		if *asJSON {
			return writeJSON(e, struct {
				Active   string `json:"active"`
				Changed  bool   `json:"changed"`
				Envelope bool   `json:"envelope"`
				Yolo     bool   `json:"yolo"`
				State    string `json:"stateFile"`
			}{target.Name, changed, st.Envelope, st.Yolo, d.StateFile()})
		}
		yoloBanner(e)
		fmt.Fprintf(e.stdout, "%s  %s\n", target.Label(), target.Description)
		return nil
	}
}

// showEnvelope prints `show NAME --envelope`: the permission envelope and the persona block,
// exactly as they are injected into the system prompt.
func showEnvelope(e *env, sc showContext) (bool, error) {
	_, p, err := e.catalogFor(sc.JSON, sc.Name)
	if err != nil {
		return true, err
	}
	pol, err := policyFor(e, p, "")
	if err != nil {
		return true, err
	}
	envelope, block := personas.Envelope(p, pol, knownTools(e)), personas.Block(p)
	if sc.JSON {
		return true, writeJSON(e, struct {
			Agent    string `json:"agent"`
			Envelope string `json:"envelope"`
			Block    string `json:"block"`
		}{p.Name, envelope, block})
	}
	fmt.Fprint(e.stdout, envelope)
	fmt.Fprintln(e.stdout)
	fmt.Fprint(e.stdout, block)
	return true, nil
}
