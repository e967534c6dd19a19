package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

const showUsage = "NAME [--json] [--envelope]"

// showContext is what show knows about the persona it prints.
type showContext struct {
	Name     string
	Args     []string
	Envelope bool
	JSON     bool
}

const showHelp = "Show one persona: its fields, its rules in the order they are evaluated, hidden tools and permission mode."

func showOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	envelope := fs.Bool("envelope", false, "print the permission envelope and persona block injected into the system prompt")
	return func(e *env, rest []string) error {
		if *envelope {
			_, err := showEnvelope(e, showContext{Name: rest[0], Envelope: true, JSON: *asJSON})
			return err
		}
		_, p, err := e.catalogFor(*asJSON, rest[0])
		if err != nil {
			return err
		}
		pol, err := policyFor(e, p, "")
		if err != nil {
			return err
		}
		hidden, active := pol.SplitTools(knownTools(e))
		mode := pol.Persona.Mode()
		if *asJSON {
			type ruleJSON struct {
				Permission string `json:"permission"`
				Pattern    string `json:"pattern"`
				Action     string `json:"action"`
				Reason     string `json:"reason,omitempty"`
				Source     string `json:"source"`
				Line       int    `json:"line,omitempty"`
			}
			out := struct {
				personaJSON
				Prompt string     `json:"prompt"`
				Rules  []ruleJSON `json:"rules"`
				Hidden []string   `json:"hiddenTools"`
				Active []string   `json:"activeTools"`
				Mode   string     `json:"mode"`
			}{personaJSON: toJSON(p, p.Name == e.activeName()), Prompt: p.Prompt, Hidden: hidden, Active: active, Mode: string(mode)}
			out.Rules = []ruleJSON{}
			for _, r := range p.Rules {
				out.Rules = append(out.Rules, ruleJSON{r.Permission, r.Pattern, string(r.Action), r.Reason, r.Source.String(), r.Source.Line})
			}
			return writeJSON(e, out)
		}
		w := e.stdout
		tw := newTable(w)
		fmt.Fprintf(tw, "name\t%s\n", strings.TrimSpace(p.Name+" "+p.Icon))
		fmt.Fprintf(tw, "description\t%s\n", p.Description)
		fmt.Fprintf(tw, "type\t%s\n", p.Type)
		fmt.Fprintf(tw, "scope\t%s\n", p.Scope)
		if p.Path != "" {
			fmt.Fprintf(tw, "file\t%s\n", p.Path)
		}
		if p.Color != "" {
			fmt.Fprintf(tw, "color\t%s\n", p.Color)
		}
		if p.Hidden {
			fmt.Fprintf(tw, "hidden\tyes\n")
		}
		if p.Steps > 0 {
			fmt.Fprintf(tw, "steps\t%d\n", p.Steps)
		}
		fmt.Fprintf(tw, "permissions\t%s\n", formName(p))
		fmt.Fprintf(tw, "mode\t%s\n", mode)
		if len(p.Unknown) > 0 {
			fmt.Fprintf(tw, "other keys\t%s\n", strings.Join(p.Unknown, ", "))
		}
		tw.Flush()
		fmt.Fprintln(w, "\nrules (last match wins):")
		printRules(e, p.Rules)
		fmt.Fprintf(w, "\nactive tools: %s\n", toolList(active))
		fmt.Fprintf(w, "hidden tools: %s\n", toolList(hidden))
		if p.Prompt != "" {
			fmt.Fprintf(w, "\nprompt:\n%s\n", indent(p.Prompt, "  "))
		}
		return nil
	}
}

func printRules(e *env, rs engine.Ruleset) {
	tw := newTable(e.stdout)
	for i, r := range rs {
		reason := ""
		if r.Reason != "" {
			reason = "  " + fmt.Sprintf("%q", r.Reason)
		}
		fmt.Fprintf(tw, "  %d\t%q\t%q\t%s%s\t%s\n", i+1, r.Permission, r.Pattern, r.Action, reason, r.Source.Location())
	}
	tw.Flush()
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}

// toolList joins tool names for a person; an empty list says so rather than ending the line.
func toolList(tools []string) string {
	if len(tools) == 0 {
		return "(none)"
	}
	return strings.Join(tools, " ")
}
