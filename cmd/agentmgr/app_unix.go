//go:build unix

package main

import (
	"os"
	"syscall"
)

// startApp replaces this process with the app, so that the process the user (or a desktop
// launcher, or a test sending SIGTERM) started is the app itself: same pid, its signals, its
// exit status. It returns only when the exec fails.
func startApp(app string, args []string, cwd string) (int, error) {
	if cwd != "" {
		if err := os.Chdir(cwd); err != nil {
			return 0, err
		}
	}
	return 0, syscall.Exec(app, args, os.Environ())
}

func exeSuffix() string { return "" }
