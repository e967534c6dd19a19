package gui

import (
	"os"
	"path/filepath"
)

// projectPiFor is the .pi folder a project persona goes into when there is no project yet: in
// the project's root, the nearest folder upward from wd holding .git, else wd itself. "" when
// that would be the home's .pi (pi's global settings, never a project) or wd is unknown.
func projectPiFor(wd, home string) string {
	if wd == "" {
		return ""
	}
	root := wd
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			root = dir
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	pi := filepath.Join(root, ".pi")
	if home != "" && pi == filepath.Join(home, ".pi") {
		return ""
	}
	return pi
}

// newProjectPi is the .pi folder a project persona is created in: the project's, or the one
// creating it makes (projectPiFor the app's working directory).
func (pf *personaFiles) newProjectPi() string {
	if pf.dirs.Project != "" {
		return pf.dirs.Project
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	wd, _ = filepath.Abs(wd)
	return projectPiFor(wd, pf.dirs.Home)
}
