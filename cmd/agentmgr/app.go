package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// appProgram is the desktop app, a program of its own (cmd/agentmgr-app). It links Fyne and,
// through it, the system's GL and X libraries, whose loading and initialisation would
// otherwise come with every start of this binary, and this binary starts once per tool call
// as Claude Code's hook. `make build` and `go install ./cmd/...` put the two side by side.
const appProgram = "agentmgr-app"

// openApp starts the desktop app in place of this process, on the same folders: the app is
// given this binary's path for the pi screen, which installs an extension that runs it.
func openApp(e *env) int {
	if err := e.dirs().Check(); err != nil {
		fmt.Fprintf(e.stderr, "agentmgr: %v\n", err)
		return 1
	}
	app, err := findApp()
	if err != nil {
		fmt.Fprintf(e.stderr, "agentmgr: %v\n", err)
		return 1
	}
	args := []string{app}
	if self, err := selfPath(""); err == nil {
		args = append(args, "--cli", self)
	}
	code, err := startApp(app, args, e.cwd)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentmgr: starting the desktop app %s: %v\n", app, err)
		return 1
	}
	return code
}

// findApp looks for the app next to this binary first (where `make build` and `go install`
// put it, so that bin/agentmgr starts bin/agentmgr-app and not an older one on PATH), then on
// PATH.
func findApp() (string, error) {
	if self, err := selfPath(""); err == nil {
		sibling := filepath.Join(filepath.Dir(self), appProgram+exeSuffix())
		if st, err := os.Stat(sibling); err == nil && !st.IsDir() {
			return sibling, nil
		}
	}
	path, err := exec.LookPath(appProgram)
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return "", fmt.Errorf("the desktop app is the program %s, and it is neither next to this binary nor on PATH; `make build` builds both into bin/, `go install ./cmd/...` installs both (the app needs cgo and the X/GL headers)", appProgram)
		}
		return "", err
	}
	return path, nil
}
