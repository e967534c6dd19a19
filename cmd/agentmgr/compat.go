package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/internal/uniq"
	"github.com/agentmgr/agentmgr/keybindings"
	"github.com/agentmgr/agentmgr/personas"
)

const compatUsage = "[--tool NAME]... [--json]"

const compatHelp = "Say what pi-agent-manager 0.18.1 (the pi extension, when you run it instead of agentmgr's own) will do with the agent dir: which files it loads or skips, which tools it hides, where a session starts, the next/previous cycle and its keys. The differences from agentmgr come first, one per line.\n--tool sets the tool universe (repeatable); without it, the known tools."

func compatOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	var tools multi
	fs.Var(&tools, "tool", "a tool the session has (repeatable; replaces the known tools)")
	return func(e *env, rest []string) error {
		r := compatReport(e, tools)
		if *asJSON {
			return writeJSON(e, r)
		}
		fmt.Fprint(e.stdout, compat.Text(r))
		return nil
	}
}

// compatReport compares the agent dir's files as both runtimes read them. tools, when given,
// is the whole tool universe.
func compatReport(e *env, tools []string) *compat.Report {
	universe := knownTools(e)
	if len(tools) > 0 {
		universe = uniq.Of(tools)
	}
	return compat.Compare(compat.Input{
		Dirs:    e.dirs(),
		Catalog: e.catalog(true),
		Tools:   universe,
		Hidden: func(p *personas.Persona, tools []string) []string {
			pol, err := policyFor(e, p, "")
			if err != nil {
				return nil
			}
			hidden, _ := pol.SplitTools(tools)
			return hidden
		},
		AgentmgrKeys: agentmgrKeys(e),
	})
}

// agentmgrKeys are the keys agentmgr counts for each action, its defaults included.
func agentmgrKeys(e *env) map[string][]string {
	out := map[string][]string{}
	f, err := keybindings.Load(e.dirs().Keybindings())
	if err != nil {
		return out
	}
	r := keybindings.Check(f, keybindings.Latest())
	for _, a := range r.Actions {
		for _, k := range a.Keys {
			out[a.ID] = append(out[a.ID], k.Text)
		}
	}
	return out
}
