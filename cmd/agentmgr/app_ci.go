//go:build ci

package main

import "fmt"

// openApp says there is no app: a build with the ci tag links Fyne's headless test driver, on
// which a window cannot open; say so instead of returning at once without a word.
func openApp(e *env) int {
	fmt.Fprintln(e.stderr, "agentmgr: this build has no desktop app (it was built with -tags ci); run a command (agentmgr --help), or build with cgo and without the ci tag for the app")
	return 1
}
