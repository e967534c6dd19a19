package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/agentmgr/agentmgr/locations"
)

// cliProgram is agentmgr's CLI, the binary the pi extension runs.
const cliProgram = "agentmgr"

// findCLI returns the absolute path of the agentmgr binary: given (agentmgr passes its own),
// else the one next to this program, else the one on PATH.
func findCLI(given string) (string, error) {
	if given != "" {
		return filepath.Abs(given)
	}
	if self, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(self); err == nil {
			self = real
		}
		sibling := filepath.Join(filepath.Dir(self), cliProgram+filepath.Ext(self))
		if st, err := os.Stat(sibling); err == nil && !st.IsDir() {
			return sibling, nil
		}
	}
	path, err := exec.LookPath(cliProgram)
	if err != nil {
		return "", fmt.Errorf("cannot find the agentmgr binary (not next to this program, not on PATH): %w", err)
	}
	return filepath.Abs(path)
}

// findDirs names the folders the app works on, found as agentmgr finds them.
func findDirs() (locations.Dirs, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return locations.Dirs{}, fmt.Errorf("cannot tell the working directory: %w", err)
	}
	d := locations.Default(cwd)
	// A relative agent dir would put the personas and state in whatever folder the app was
	// started in: refuse, as the CLI does.
	return d, d.Check()
}
