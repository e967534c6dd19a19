package policy

import (
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/engine"
)

// PlaceFor is where a call whose working directory is cwd runs: relative paths are read
// against cwd, symbolic links are resolved where the path exists, and the project is the
// repository cwd is in (the nearest folder up from cwd holding .git), else cwd itself. A cwd
// that is "" or not absolute gives nil: paths are then matched as spelt.
func PlaceFor(cwd string) *engine.Place {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return nil
	}
	cwd = filepath.Clean(cwd)
	root := projectRoot(cwd)
	return &engine.Place{
		Cwd:         filepath.ToSlash(cwd),
		Project:     filepath.ToSlash(root),
		Resolve:     ResolveLinks,
		RealCwd:     ResolveLinks(cwd),
		RealProject: ResolveLinks(root),
	}
}

// At is pol deciding calls that run in cwd (see PlaceFor). Every front end (gate, eval, check,
// serve) goes through it, so that a path is decided alike whoever asks.
func At(pol *engine.Policy, cwd string) *engine.Policy {
	return pol.At(PlaceFor(cwd))
}

// projectRoot is the repository root cwd is in, or cwd.
func projectRoot(cwd string) string {
	for dir := cwd; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return cwd
		}
		dir = parent
	}
}

// maxLinkWalk bounds how many trailing path elements ResolveLinks strips to find a folder that
// exists, and maxLinkHops how many dangling links it follows, so that a hostile value costs
// little.
const (
	maxLinkWalk = 256
	maxLinkHops = 40
)

// ResolveLinks returns the clean absolute path abs with its symbolic links resolved as far as
// the path exists: the longest existing prefix is resolved and the rest is appended. A link
// whose target does not exist yet (a write through it creates the target) is followed too. A
// path whose links cannot be resolved (a loop, no permission) is returned clean.
func ResolveLinks(abs string) string {
	return filepath.ToSlash(resolveLinks(filepath.Clean(filepath.FromSlash(abs)), 0))
}

func resolveLinks(abs string, hops int) string {
	// Find the longest prefix that exists with cheap Lstat calls, then resolve it once.
	rest := ""
	dir := abs
	for i := 0; ; i++ {
		if _, err := os.Lstat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir || i >= maxLinkWalk {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(r, rest)
	}
	// dir exists but does not resolve: a dangling link (or a loop). What a dangling link
	// points at is where a write through it would land.
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&os.ModeSymlink != 0 && hops < maxLinkHops {
		if target, err := os.Readlink(dir); err == nil {
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(dir), target)
			}
			return resolveLinks(filepath.Join(filepath.Clean(target), rest), hops+1)
		}
	}
	// A link inside dir's parents is dangling or loops: resolve what comes before it.
	if parent := filepath.Dir(dir); parent != dir && hops < maxLinkHops {
		return filepath.Join(resolveLinks(parent, hops+1), filepath.Base(dir), rest)
	}
	return abs
}
