package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
	"github.com/agentmgr/agentmgr/opencode"
)

// OpenCodeTitle is the title of the OpenCode screen.
const OpenCodeTitle = "OpenCode"

// OpenCodeScreen is the OpenCode screen for the running binary: the app installs the plugin
// that starts binary, beside the pi screen. Its folders are found from the app's working
// directory and environment, as `agentmgr opencode status` finds them.
func OpenCodeScreen(binary, version string) Screen {
	return Screen{Title: OpenCodeTitle, IconName: theme.IconNameComputer, Make: func(s *Shell) fyne.CanvasObject {
		cwd, _ := os.Getwd()
		dirs := opencode.FindDirs(os.Getenv, appHome(s.Dirs()), cwd)
		return NewRuntimeView(runtimeinstall.OpenCode(dirs, binary, version))
	}}
}
