package opencode

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// The plugin's place inside an OpenCode config folder: OpenCode loads plugin/*.{js,ts}.
const (
	DirName  = "plugin"
	FileName = "agentmgr.js"
)

// Path is the plugin file inside the OpenCode config folder configDir (~/.config/opencode or
// a project's .opencode).
func Path(configDir string) string { return filepath.Join(configDir, DirName, FileName) }

// Outcome says what Install did.
type Outcome string

// What Install can do.
const (
	Written   Outcome = "installed" // there was none
	Updated   Outcome = "updated"   // an older or different one was replaced
	Unchanged Outcome = "unchanged" // the same one was there
)

// Install writes the plugin calling binary into the OpenCode config folder configDir. A file
// of the same name that is not agentmgr's plugin is left alone, with an error.
func Install(configDir, binary, version string) (Outcome, error) {
	if !filepath.IsAbs(binary) {
		return "", fmt.Errorf("the binary path %q is not absolute; OpenCode starts the plugin from any folder", binary)
	}
	path := Path(configDir)
	want := Render(binary, version)
	old, err := os.ReadFile(path)
	outcome := Written
	switch {
	case err == nil && bytes.Equal(old, want):
		return Unchanged, nil
	case err == nil:
		if _, perr := Parse(old); perr != nil {
			return "", fmt.Errorf("%s exists and is not agentmgr's plugin (%v); move it away first", path, perr)
		}
		outcome = Updated
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("cannot create the plugin folder: %w", err)
	}
	if err := atomicfile.Write(path, want, 0o644); err != nil {
		return "", err
	}
	return outcome, nil
}

// Uninstall removes the plugin from the OpenCode config folder configDir, and the folders
// install created when they are left empty. It
// reports whether there was a plugin to remove. A file that is not agentmgr's plugin is left
// alone, with an error.
func Uninstall(configDir string) (bool, error) {
	path := Path(configDir)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if _, err := Parse(data); err != nil {
		return false, fmt.Errorf("%s is not agentmgr's plugin (%v); it is left alone", path, err)
	}
	if err := os.Remove(path); err != nil {
		return false, fmt.Errorf("cannot remove the plugin: %w", err)
	}
	// Only an empty folder goes: a file someone put there is theirs.
	_ = os.Remove(filepath.Dir(path))
	_ = os.Remove(configDir)
	return true, nil
}
