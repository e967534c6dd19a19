package pi

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// The extension's place inside an extensions folder: pi loads extensions/*/index.ts.
const (
	DirName  = "agentmgr"
	FileName = "index.ts"
)

// Path is the extension file inside the extensions folder extDir.
func Path(extDir string) string { return filepath.Join(extDir, DirName, FileName) }

// Outcome says what Install did.
type Outcome string

// What Install can do.
const (
	Written   Outcome = "installed" // there was none
	Updated   Outcome = "updated"   // an older or different one was replaced
	Unchanged Outcome = "unchanged" // the same one was there
)

// Install writes the extension calling binary into the extensions folder extDir. A file of
// the same name that is not agentmgr's extension is left alone, with an error.
func Install(extDir, binary, version string) (Outcome, error) {
	if !filepath.IsAbs(binary) {
		return "", fmt.Errorf("the binary path %q is not absolute; pi starts the extension from any folder", binary)
	}
	path := Path(extDir)
	want := Render(binary, version)
	old, err := os.ReadFile(path)
	outcome := Written
	switch {
	case err == nil && bytes.Equal(old, want):
		return Unchanged, nil
	case err == nil:
		if _, perr := Parse(old); perr != nil {
			return "", fmt.Errorf("%s exists and is not agentmgr's extension (%v); move it away first", path, perr)
		}
		outcome = Updated
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("cannot create the extension folder: %w", err)
	}
	if err := atomicfile.Write(path, want, 0o644); err != nil {
		return "", err
	}
	return outcome, nil
}

// Uninstall removes the extension from the extensions folder extDir, and the folders install
// created when they are left empty. It reports whether there was an extension to remove. A
// file that is not agentmgr's extension is left alone, with an error.
func Uninstall(extDir string) (bool, error) {
	path := Path(extDir)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if _, err := Parse(data); err != nil {
		return false, fmt.Errorf("%s is not agentmgr's extension (%v); it is left alone", path, err)
	}
	if err := os.Remove(path); err != nil {
		return false, fmt.Errorf("cannot remove the extension: %w", err)
	}
	// Only empty folders go: a file someone put there is theirs.
	_ = os.Remove(filepath.Dir(path))
	_ = os.Remove(extDir)
	return true, nil
}

// Settings is the pi settings file beside the extensions folder extDir.
func Settings(extDir string) string { return filepath.Join(filepath.Dir(extDir), SettingsName) }

// GateChildren makes pi-subagents' children load the extension installed in extDir: it lists
// the extension in subagents.defaultExtensions of the settings file beside extDir
// (docs/pi.md, "Subagents"). It reports whether the file changed.
func GateChildren(extDir string) (bool, error) {
	return AddChildExtension(Settings(extDir), Path(extDir))
}

// UngateChildren undoes GateChildren.
func UngateChildren(extDir string) (bool, error) {
	return RemoveChildExtension(Settings(extDir), Path(extDir))
}
