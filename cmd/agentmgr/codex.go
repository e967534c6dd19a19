package main

import (
	"fmt"
	"path/filepath"

	"github.com/agentmgr/agentmgr/codex"
	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/locations"
)

// hookUsage is the usage of the commands that put agentmgr's hook into a runtime's own
// settings: codex, gemini. The hook goes into the user's settings only.
const hookUsage = "install [--binary PATH] | uninstall | status [--json]"

const codexHelp = `The Codex hook makes agentmgr decide every tool call of Codex through ` + "`agentmgr gate codex`" + `:
allow runs, deny blocks with the rule (the model reads the reason), ask goes to the person in
the app and becomes allow or deny (deny when nobody answers). docs/codex.md says more.

  install     write the PreToolUse hook into hooks.json in Codex's home ($CODEX_HOME or
              ~/.codex), calling this binary by its absolute path, and trust it in
              config.toml as Codex's /hooks review does (Codex skips an untrusted hook
              without a word); run it again after moving the binary
  uninstall   remove the hook and the trust install wrote
  status      installed?, trusted as it stands?, current?, which binary it calls`

// codexCommand: the hook goes into Codex's hooks.json, trusted in its config.toml.
var codexCommand = runtimeCommand{
	name: "codex", noun: "hook",
	install:   func(root, binary, _ string) (ownedfile.Outcome, error) { return codex.Install(root, binary) },
	uninstall: codex.Uninstall,
	path:      func(root string) string { return filepath.Join(root, codex.HooksName) },
	at: func(e *env, _ bool) runtimeFolders {
		home := codex.Home(e.getenv, locations.Home(e.getenv))
		return runtimeFolders{
			root: home,
			installed: func(string) {
				fmt.Fprintf(e.stdout, "trusted it in %s, as Codex's /hooks review does\n", filepath.Join(home, codex.ConfigName))
			},
			status: func(bin string, asJSON bool) error {
				r := codex.Status(home, bin)
				if asJSON {
					return writeJSON(e, r)
				}
				printHookStatus(e, r.Hooks, r.Installed, r.Enforcing, r.Command, r.Trust, r.Advice)
				return nil
			},
		}
	},
}

// printHookStatus prints where a runtime's hook is and whether it enforces, then the advice.
func printHookStatus(e *env, path string, installed, enforcing bool, command, trust string, advice []string) {
	switch {
	case !installed:
		fmt.Fprintf(e.stdout, "not installed (%s)\n", path)
	case enforcing:
		fmt.Fprintf(e.stdout, "installed, enforcing: %s\n", path)
	default:
		fmt.Fprintf(e.stdout, "installed, NOT ENFORCING: %s\n", path)
	}
	if installed {
		fmt.Fprintf(e.stdout, "runs      %s\n", command)
	}
	if trust != "" {
		fmt.Fprintf(e.stdout, "trust     %s\n", trust)
	}
	for _, a := range advice {
		fmt.Fprintf(e.stdout, "→ %s\n", a)
	}
}
