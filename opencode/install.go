package opencode

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// The plugin's place inside an OpenCode config folder: OpenCode loads plugin/*.{js,ts}.
const (
	DirName  = "plugin"
	FileName = "agentmgr.js"
)

// Path is the plugin file inside the OpenCode config folder configDir (~/.config/opencode or
// a project's .opencode).
func Path(configDir string) string { return filepath.Join(configDir, DirName, FileName) }

// Outcome says what Install did: ownedfile.Written, Updated or Unchanged.
type Outcome = ownedfile.Outcome

// Install writes the plugin calling binary into the OpenCode config folder configDir. A file
// of the same name that is not agentmgr's plugin is left alone, with an error.
func Install(configDir, binary, version string) (Outcome, error) {
	return plugin.Install(configDir, binary, version)
}

// Uninstall removes the plugin from the OpenCode config folder configDir, and the folders
// install created when they are left empty. It reports whether there was a plugin to remove. A
// file that is not agentmgr's plugin is left alone, with an error.
func Uninstall(configDir string) (bool, error) { return plugin.Uninstall(configDir) }
