package policy

import (
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/pathres"
)

// PlaceFor is where a call whose working directory is cwd runs: relative paths are read
// against cwd, paths are resolved as the kernel resolves them (pathres.Resolve: each link
// before the next `..`, /proc's links, case folded where the volume folds it), and the project
// is the repository cwd is in (the nearest folder up from cwd holding .git), else cwd itself. A
// cwd that is "" or not absolute gives nil: paths are then matched as spelt.
func PlaceFor(cwd string) *engine.Place {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return nil
	}
	return placeWith(filepath.Clean(cwd), pathres.New(filepath.ToSlash(filepath.Clean(cwd))))
}

// placeWith is PlaceFor with the resolver given (tests give one whose volume folds).
func placeWith(cwd string, resolver pathres.Resolver) *engine.Place {
	root := projectRoot(cwd)
	resolve := func(abs string) engine.Resolved {
		r := resolver.Resolve(abs)
		return engine.Resolved{Path: r.Path, Folds: r.Folds, Unsure: r.Unsure}
	}
	return &engine.Place{
		Cwd:         filepath.ToSlash(cwd),
		Project:     filepath.ToSlash(root),
		Resolve:     resolve,
		RealCwd:     resolver.Resolve(filepath.ToSlash(cwd)).Path,
		RealProject: resolver.Resolve(filepath.ToSlash(root)).Path,
		GitPrograms: gitPrograms,
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
