//go:build !unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
)

// startApp runs the app as a child on systems without exec(2), passing its exit status on.
func startApp(app string, args []string, cwd string) (int, error) {
	cmd := exec.Command(app, args[1:]...)
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = cwd, os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}
