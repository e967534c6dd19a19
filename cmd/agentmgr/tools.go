package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/mapping"
)

// knownTools is the preview tool list: the mapping's tools plus any from $AGENTMGR_TOOLS
// (comma-separated), the CLI's counterpart of the names the app remembers.
func knownTools(e *env) []string {
	var extra []string
	for _, t := range strings.Split(e.getenv("AGENTMGR_TOOLS"), ",") {
		if t = strings.TrimSpace(t); t != "" {
			extra = append(extra, t)
		}
	}
	return mapping.KnownTools(extra...)
}

// multi is a repeatable string flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

const toolsHelp = "List the tools a persona keeps (active) and hides. A tool is hidden when its rules deny it outright."

func toolsOptions(fs *flag.FlagSet) action {
	agent := fs.String("agent", "", "persona (default: the active one)")
	asJSON := fs.Bool("json", false, "print JSON")
	var extra multi
	fs.Var(&extra, "tool", "also check this tool name (repeatable)")
	return func(e *env, rest []string) error {
		_, p, err := e.catalogFor(*asJSON, *agent)
		if err != nil {
			return err
		}
		pol, err := policyFor(e, p, "")
		if err != nil {
			return err
		}
		hidden, active := pol.SplitTools(mapping.KnownTools(append(knownTools(e), extra...)...))
		if *asJSON {
			// A struct, not a map: the keys come in the order a person reads them.
			return writeJSON(e, struct {
				Agent  string   `json:"agent"`
				Mode   string   `json:"mode"`
				Active []string `json:"active"`
				Hidden []string `json:"hidden"`
			}{p.Name, string(pol.Persona.Mode()), nonNil(active), nonNil(hidden)})
		}
		yoloBanner(e)
		fmt.Fprintf(e.stdout, "%s (%s)\n", p.Name, pol.Persona.Mode())
		fmt.Fprintf(e.stdout, "active  %s\n", strings.Join(active, " "))
		fmt.Fprintf(e.stdout, "hidden  %s\n", strings.Join(hidden, " "))
		return nil
	}
}

// nonNil keeps an empty list a list ([]) in JSON rather than null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
