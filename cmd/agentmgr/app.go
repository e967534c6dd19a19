package main

import (
	"fyne.io/fyne/v2/app"

	"github.com/agentmgr/agentmgr/gui"
)

// The desktop app is linked here and nowhere else: gui never imports fyne's app package, so
// that its tests run on the test driver.
func init() {
	openApp = func(e *env) int {
		a := app.NewWithID(gui.AppID)
		a.SetIcon(gui.AppIcon())
		s := gui.NewShell(a, e.dirs())
		s.Window().ShowAndRun()
		return 0
	}
}
