package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/codex"
	"github.com/agentmgr/agentmgr/gemini"
	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
	"github.com/agentmgr/agentmgr/locations"
)

// The titles of the Codex and Gemini CLI screens.
const (
	CodexTitle  = "Codex"
	GeminiTitle = "Gemini CLI"
)

// CodexScreen is the Codex screen for the running binary: the app installs (and trusts) the
// hook that starts binary, beside the pi and OpenCode screens, in the Codex home
// `agentmgr codex status` reads.
func CodexScreen(binary string) Screen {
	return Screen{Title: CodexTitle, IconName: theme.IconNameComputer, Make: func(s *Shell) fyne.CanvasObject {
		return NewRuntimeView(runtimeinstall.Codex(codex.Home(os.Getenv, appHome(s.Dirs())), binary))
	}}
}

// GeminiScreen is the Gemini CLI screen for the running binary: the app installs the hook that
// starts binary into the settings `agentmgr gemini status` reads.
func GeminiScreen(binary string) Screen {
	return Screen{Title: GeminiTitle, IconName: theme.IconNameComputer, Make: func(s *Shell) fyne.CanvasObject {
		return NewRuntimeView(runtimeinstall.Gemini(gemini.Folder(os.Getenv, appHome(s.Dirs())), binary))
	}}
}

// appHome is the home the app's folders d come from, else the environment's.
func appHome(d locations.Dirs) string {
	if home := d.Home; home != "" {
		return home
	}
	return locations.Home(os.Getenv)
}
