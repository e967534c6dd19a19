package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/keybindings"
	"github.com/agentmgr/agentmgr/pi"
)

const piUsage = runtimeUsage

const piHelp = `The pi extension makes agentmgr the permission engine of pi: the active persona's hidden
tools are removed from the model's tools, its prompt and permission envelope go into the
system prompt, and every tool call is decided by ` + "`agentmgr serve --stdio`" + ` (deny blocks with
the rule, ask opens pi's dialog). docs/pi.md says more.

  install     write extensions/agentmgr/index.ts into pi's agent dir (--project: the
              project's .pi folder), calling this binary; updates an older one; and list
              it in settings.json's subagents.defaultExtensions, so that pi-subagents'
              children load it too
  uninstall   remove exactly what install wrote
  status      installed?, current?, which binary it calls, and other extensions that
              would gate the same calls`

// piCommand: the extension goes into the agent dir's extensions (--project: the project's),
// and pi-subagents' children are made to load it.
var piCommand = runtimeCommand{
	name: "pi", noun: "extension", projectFolder: "the project's .pi/extensions instead of the agent dir's",
	install: pi.Install, uninstall: pi.Uninstall, path: pi.Path,
	at: func(e *env, project bool) runtimeFolders {
		d := e.dirs()
		extDir := d.GlobalExtensions()
		if project {
			if d.Project == "" {
				// No .pi folder above: the project is the working directory.
				d.Project = filepath.Join(e.cwd, ".pi")
			}
			extDir = d.ProjectExtensions()
		}
		return runtimeFolders{
			root: extDir,
			installed: func(bin string) {
				// pi-subagents' foreground children load only the extensions settings or agent
				// files list, never the extensions folder: list this one for them, so that no
				// child runs ungated.
				if changed, err := pi.GateChildren(extDir); err != nil {
					fmt.Fprintf(e.stderr, "warning: pi-subagents' children will not load agentmgr's extension: %v\n", err)
				} else if changed {
					fmt.Fprintf(e.stdout, "listed it in %s (subagents.defaultExtensions), so that pi-subagents' children load it too\n", pi.Settings(extDir))
				}
				warnSkippedKeys(e)
				report := pi.Check(d, bin, version)
				for _, o := range report.Others {
					if o.Import != "" {
						fmt.Fprintf(e.stderr, "warning: %s is installed too (%s): both would decide the same calls; bring its rules over with `%s`, then turn it off: %s\n", o.Name, o.Where, o.Import, o.Off)
						continue
					}
					fmt.Fprintf(e.stderr, "warning: %s is installed too (%s): both would decide the same calls; turn one off: %s\n", o.Name, o.Where, o.Off)
				}
				for _, l := range report.Leftovers {
					fmt.Fprintf(e.stderr, "note: %s's rules (%s) are applied by nothing now; bring them over with `%s`, then remove that folder\n", l.Name, l.Where, l.Import)
				}
			},
			uninstalled: func() {
				if changed, err := pi.UngateChildren(extDir); err != nil {
					fmt.Fprintf(e.stderr, "warning: %v\n", err)
				} else if changed {
					fmt.Fprintf(e.stdout, "removed it from %s (subagents.defaultExtensions)\n", pi.Settings(extDir))
				}
			},
			status: func(bin string, asJSON bool) error {
				report := pi.Check(d, bin, version)
				report.Advice = append(report.Advice, amPatternAdvice(e, report)...)
				if asJSON {
					return writeJSON(e, report)
				}
				printPiStatus(e, report)
				return nil
			},
		}
	},
}

// selfPath is the absolute path of the binary the extension should start: given, or this one.
func selfPath(given string) (string, error) {
	if given != "" {
		abs, err := filepath.Abs(given)
		if err != nil {
			return "", err
		}
		if st, err := os.Stat(abs); err != nil || st.IsDir() {
			return "", usagef("--binary %s is not a file", given)
		}
		return abs, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot tell where this agentmgr binary is: %w; give --binary", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe, nil
}

func printPiStatus(e *env, r pi.Report) {
	printOwnedStates(e, "extension", &r.Global, r.Project)
	for _, o := range r.Others {
		fmt.Fprintf(e.stdout, "also installed: %s (%s)\n", o.Name, o.Where)
	}
	for _, l := range r.Leftovers {
		fmt.Fprintf(e.stdout, "left behind: %s's configuration (%s), which nothing applies\n", l.Name, l.Where)
	}
	for _, x := range r.Subagents {
		state := "its children are gated by agentmgr"
		if !x.Gated {
			state = "its children are NOT gated"
		}
		fmt.Fprintf(e.stdout, "subagents: %s (%s): %s\n", x.Name, x.Where, state)
		if x.Gated && x.Linked != "" {
			fmt.Fprintf(e.stdout, "  linked to the parent: %s\n", x.Linked)
		}
		for _, a := range x.Asks {
			fmt.Fprintf(e.stdout, "  asks at the call: %s\n", a)
		}
	}
	for _, a := range r.Advice {
		fmt.Fprintf(e.stdout, "→ %s\n", a)
	}
}

// amPatternAdvice warns, when pi-agent-manager is installed, about every persona whose
// pattern rules it does not apply under pi 1.6.
func amPatternAdvice(e *env, r pi.Report) []string {
	am := false
	for _, o := range r.Others {
		am = am || o.Name == "pi-agent-manager"
	}
	if !am {
		return nil
	}
	var out []string
	for _, p := range e.catalog(true).Personas() {
		if d, ok := compat.PatternRules(p); ok {
			out = append(out, p.Where()+": "+d.Message+"; "+d.Fix)
		}
	}
	return out
}

// warnSkippedKeys tells, at install, about the switching keys pi will skip (a default
// shift+tab is pi's own thinking-level key) or that take a key pi reserves, with the command
// that fixes each: the extension registers them, and pi would otherwise complain on every
// start.
func warnSkippedKeys(e *env) {
	k, err := loadKeys(e, "")
	if err != nil {
		return // keys check says why
	}
	var bad []keybindings.Finding
	for _, f := range keybindings.Check(k.file, k.table).Findings {
		if f.Kind == keybindings.KindReserved || f.Kind == keybindings.KindReservedOverride {
			bad = append(bad, f)
		}
	}
	if len(bad) == 0 {
		return
	}
	fmt.Fprintf(e.stderr, "warning: %s will not use these keys of the extension:\n", k.table.Name())
	printFindings(e.stderr, k.path, bad)
}
