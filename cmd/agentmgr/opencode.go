package main

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/opencode"
)

func init() {
	register(command{name: "opencode", order: 43, usage: openCodeUsage,
		summary: "install, remove or check the OpenCode plugin that makes agentmgr decide OpenCode's tool calls", run: runOpenCode})
}

const openCodeUsage = "install [--project] [--binary PATH] | uninstall [--project] | status [--json]"

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

func runOpenCode(e *env, args []string) error {
	fs := flags(e, "opencode", openCodeUsage, openCodeHelp)
	project := fs.Bool("project", false, "install, uninstall: the project's .opencode instead of the global config dir")
	binary := fs.String("binary", "", "install: the agentmgr binary the plugin starts (default: this one)")
	asJSON := fs.Bool("json", false, "status: print JSON")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("give one of install, uninstall or status")
	}
	// The home the command's environment names, as every other command finds it.
	d := opencode.FindDirs(e.getenv, locations.Home(e.getenv), e.cwd)
	configDir := d.Global
	if *project {
		configDir = d.Project
	}
	switch rest[0] {
	case "install":
		bin, err := selfPath(*binary)
		if err != nil {
			return err
		}
		outcome, err := opencode.Install(configDir, bin, version)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s %s (starts %s)\n", outcome, opencode.Path(configDir), bin)
		for _, o := range opencode.Status(d, bin, version).Others {
			fmt.Fprintf(e.stderr, "warning: %s %s (%s): %s\n", o.Kind, o.Name, o.Where, o.Effect)
		}
		offerHiddenTools(e)
		return nil
	case "uninstall":
		removed, err := opencode.Uninstall(configDir)
		if err != nil {
			return err
		}
		if removed {
			fmt.Fprintf(e.stdout, "removed %s\n", opencode.Path(configDir))
		} else {
			fmt.Fprintf(e.stdout, "not installed: %s\n", opencode.Path(configDir))
		}
		return nil
	case "status":
		bin, _ := selfPath("")
		report := opencode.Status(d, bin, version)
		if *asJSON {
			return writeJSON(e, report)
		}
		printOpenCodeStatus(e, report)
		return nil
	}
	return usagef("unknown opencode command %q; give install, uninstall or status", rest[0])
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
