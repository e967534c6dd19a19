package main

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/opencode"
)

const openCodeUsage = runtimeUsage

const openCodeHelp = `The OpenCode plugin makes agentmgr decide every tool call of OpenCode through
` + "`agentmgr serve --stdio`" + `: allow runs, deny blocks with the rule (the model reads the reason),
ask goes to the person. The persona named like the OpenCode agent in use decides, else the
active one; a subagent's calls are decided by its persona and its caller's. docs/opencode.md
says more.

  install     write plugin/agentmgr.js into OpenCode's config dir ($XDG_CONFIG_HOME/opencode
              or ~/.config/opencode; --project: the project's .opencode), calling this
              binary; updates an older one
  uninstall   remove exactly what install wrote
  status      installed?, current?, which binary it calls, and other plugins or permission
              configs that would also decide the same calls`

// openCodeCommand: the plugin goes into OpenCode's global config folder (--project: the
// project's .opencode).
var openCodeCommand = runtimeCommand{
	name: "opencode", noun: "plugin", projectFolder: "the project's .opencode instead of the global config dir",
	install: opencode.Install, uninstall: opencode.Uninstall, path: opencode.Path,
	at: func(e *env, project bool) runtimeFolders {
		// The home the command's environment names, as every other command finds it.
		d := opencode.FindDirs(e.getenv, locations.Home(e.getenv), e.cwd)
		configDir := d.Global
		if project {
			configDir = d.Project
		}
		return runtimeFolders{
			root: configDir,
			installed: func(bin string) {
				for _, o := range opencode.Status(d, bin, version).Others {
					fmt.Fprintf(e.stderr, "warning: %s %s (%s): %s\n", o.Kind, o.Name, o.Where, o.Effect)
				}
				offerHiddenTools(e)
			},
			status: func(bin string, asJSON bool) error {
				report := opencode.Status(d, bin, version)
				if asJSON {
					return writeJSON(e, report)
				}
				printOpenCodeStatus(e, report)
				return nil
			},
		}
	},
}

// offerHiddenTools names the personas that hide some of OpenCode's tools. A plugin cannot take
// a tool out of the model's list (OpenCode 1.18.33 gives plugins no hook for it): agentmgr
// blocks every call of it instead, and an exported OpenCode agent, whose permission denies the
// tool, hides it.
func offerHiddenTools(e *env) {
	cat := e.catalog(true)
	for _, p := range cat.Personas() {
		pol, err := policyFor(e, p, "")
		if err != nil {
			continue
		}
		// By OpenCode's keys: its todo tools are governed by todo, as the plugin decides them.
		var hidden []string
		for _, t := range mapping.OpenCodeTools() {
			if t.Name != "invalid" && pol.Persona.HiddenKey(t.Key) { // invalid: OpenCode's answer to an unknown tool
				hidden = append(hidden, t.Name)
			}
		}
		if len(hidden) == 0 {
			continue
		}
		fmt.Fprintf(e.stdout, "%s hides %s: the plugin blocks every call of them, but OpenCode still offers them to the model; "+
			"`agentmgr export %s --to opencode` writes an OpenCode agent that hides them\n", p.Name, strings.Join(hidden, ", "), p.Name)
	}
}

func printOpenCodeStatus(e *env, r opencode.Report) {
	printOwnedStates(e, "plugin", &r.Global, r.Project)
	for _, o := range r.Others {
		fmt.Fprintf(e.stdout, "also deciding: %s %s (%s)\n", o.Kind, o.Name, o.Where)
	}
	for _, a := range r.Advice {
		fmt.Fprintf(e.stdout, "→ %s\n", a)
	}
}
