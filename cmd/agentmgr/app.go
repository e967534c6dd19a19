//go:build !ci

package main

import (
	"fmt"

	"fyne.io/fyne/v2/app"

	"github.com/agentmgr/agentmgr/cmd/agentmgr/internal/posixlocale"
	"github.com/agentmgr/agentmgr/gui"
)

// openApp opens the desktop app. It is linked here and nowhere else: gui never imports fyne's
// app package, so that its tests run on the test driver.
func openApp(e *env) int {
	posixlocale.Hide()
	a := app.NewWithID(gui.AppID)
	a.SetIcon(gui.AppIcon())
	self, err := selfPath("")
	if err != nil {
		fmt.Fprintf(e.stderr, "agentmgr: %v; the pi screen cannot install the extension\n", err)
	}
	s := gui.NewShell(a, e.dirs(), append(gui.Screens(), gui.PiScreen(self, version))...)
	s.ReplayWhileEditing()
	if err := s.StartWatching(); err != nil {
		// The app works without watching; the Reload button catches up by hand.
		fmt.Fprintf(e.stderr, "agentmgr: not watching persona files for changes (%v); use Reload\n", err)
	}
	defer s.StopWatching()
	s.Window().ShowAndRun()
	return 0
}
