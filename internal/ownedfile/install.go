package ownedfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// Outcome says what Install did.
type Outcome string

// What Install can do.
const (
	Written   Outcome = "installed" // there was none
	Updated   Outcome = "updated"   // an older or different one was replaced
	Unchanged Outcome = "unchanged" // the same one was there
)

// Install writes the file calling binary into the config folder root. A file of the same name
// that is not agentmgr's is left alone, with an error.
func (f *File) Install(root, binary, version string) (Outcome, error) {
	if !filepath.IsAbs(binary) {
		return "", fmt.Errorf("the binary path %q is not absolute; %s starts the %s from any folder", binary, f.Program, f.Noun)
	}
	path := f.Path(root)
	want := f.Render(binary, version)
	old, err := os.ReadFile(path)
	outcome := Written
	switch {
	case err == nil && bytes.Equal(old, want):
		return Unchanged, nil
	case err == nil:
		if _, perr := f.Parse(old); perr != nil {
			return "", fmt.Errorf("%s exists and is not agentmgr's %s (%v); move it away first", path, f.Noun, perr)
		}
		outcome = Updated
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("cannot create the %s folder: %w", f.Noun, err)
	}
	if err := atomicfile.Write(path, want, 0o644); err != nil {
		return "", err
	}
	return outcome, nil
}

// Uninstall removes the file from the config folder root, and the folders install created
// when they are left empty. It reports whether there was a file to remove. A file that is not
// agentmgr's is left alone, with an error.
func (f *File) Uninstall(root string) (bool, error) {
	path := f.Path(root)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if _, err := f.Parse(data); err != nil {
		return false, fmt.Errorf("%s is not agentmgr's %s (%v); it is left alone", path, f.Noun, err)
	}
	if err := os.Remove(path); err != nil {
		return false, fmt.Errorf("cannot remove the %s: %w", f.Noun, err)
	}
	// Only empty folders go: a file someone put there is theirs.
	_ = os.Remove(filepath.Dir(path))
	_ = os.Remove(root)
	return true, nil
}
