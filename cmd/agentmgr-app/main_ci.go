//go:build ci

// Command agentmgr-app is agentmgr's desktop app. A build with the ci tag links Fyne's
// headless test driver, on which no window can open, so this build only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "agentmgr-app: this build has no window (it was built with -tags ci); build it with cgo and without the ci tag")
	os.Exit(1)
}
