package opencode

import (
	"os"
	"path/filepath"
)

// Dirs are the OpenCode config folders seen from a working directory.
type Dirs struct {
	// Global is OpenCode's global config folder: $XDG_CONFIG_HOME/opencode, or
	// ~/.config/opencode.
	Global string
	// Project is the project's .opencode folder: the nearest one from the working directory
	// up to the project's root, or the root's own when there is none yet.
	Project string
	// Root is the project's root: the nearest folder up from the working directory with a
	// .git, else the working directory. opencode.json lives there.
	Root string
	// Extra is $OPENCODE_CONFIG_DIR, a further config folder OpenCode reads; "" when unset.
	Extra string
}

// FindDirs finds the OpenCode folders for the working directory cwd, as OpenCode 1.18.33 does:
// it reads every .opencode folder from cwd up to the project's root.
func FindDirs(getenv func(string) string, home, cwd string) Dirs {
	cfg := getenv("XDG_CONFIG_HOME")
	if cfg == "" || !filepath.IsAbs(cfg) {
		cfg = filepath.Join(home, ".config")
	}
	d := Dirs{Global: filepath.Join(cfg, "opencode"), Root: cwd, Extra: getenv("OPENCODE_CONFIG_DIR")}
	for dir := cwd; ; dir = filepath.Dir(dir) {
		if d.Project == "" && isDir(filepath.Join(dir, ".opencode")) && filepath.Join(dir, ".opencode") != d.Global {
			d.Project = filepath.Join(dir, ".opencode")
		}
		if exists(filepath.Join(dir, ".git")) {
			d.Root = dir
			break
		}
		if dir == home || filepath.Dir(dir) == dir {
			break
		}
	}
	if d.Project == "" {
		d.Project = filepath.Join(d.Root, ".opencode")
	}
	return d
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
