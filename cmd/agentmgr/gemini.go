package main

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/gemini"
	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/locations"
)

const geminiHelp = `The Gemini CLI hook makes agentmgr decide every tool call of Gemini CLI through
` + "`agentmgr gate gemini`" + `: allow runs, deny blocks with the rule, ask goes to the person in the
app and becomes allow or deny (deny when nobody answers: an ask would end gemini -p
silently). docs/gemini.md says more.

  install     merge the BeforeTool hook into settings.json in Gemini CLI's folder
              ($GEMINI_CLI_HOME/.gemini or ~/.gemini), calling this binary by its absolute
              path, every other setting kept
  uninstall   remove exactly the hook install wrote
  status      installed?, current?, turned off by the settings?, which binary it calls`

// geminiCommand: the hook goes into Gemini CLI's user settings.json.
var geminiCommand = runtimeCommand{
	name: "gemini", noun: "hook",
	install:   func(root, binary, _ string) (ownedfile.Outcome, error) { return gemini.Install(root, binary) },
	uninstall: gemini.Uninstall,
	path:      func(root string) string { return filepath.Join(root, gemini.SettingsName) },
	at: func(e *env, _ bool) runtimeFolders {
		folder := gemini.Folder(e.getenv, locations.Home(e.getenv))
		return runtimeFolders{
			root:      folder,
			installed: func(string) {},
			status: func(bin string, asJSON bool) error {
				r := gemini.Status(folder, bin)
				if asJSON {
					return writeJSON(e, r)
				}
				printHookStatus(e, r.Settings, r.Installed, r.Enforcing, r.Command, "", r.Advice)
				return nil
			},
		}
	},
}
