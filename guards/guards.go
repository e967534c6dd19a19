// Package guards loads the guards files (DESIGN section 8): agent-manager/guards.yaml in pi's
// agent dir and .pi/agent-manager/guards.yaml in the project. They hold rule maps of the same
// form as a persona's permissions, apply to every persona, and win wherever they are more
// restrictive. Each file is kept as its own ruleset: last match wins inside a file, the most
// restrictive file wins between them, so a project's file can add protections but never lift
// one of the user's.
package guards

import (
	"errors"
	"io/fs"
	"os"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// File is one guards file that exists.
type File struct {
	Path  string
	Rules engine.Ruleset // each with Source{Kind: FromGuard, Name: Path, Line}
	// Broken is set when the file could not be read or parsed. Its Rules are then one rule
	// asking for every call, so that a typo never silently lifts a protection; the rule's
	// reason says what to fix.
	Broken bool
}

// Load reads the guards files of dirs that exist, in the order of locations.Dirs.GuardsFiles, with the problems
// found in them (file, line and column each).
func Load(dirs locations.Dirs) ([]File, []personas.Problem) {
	var (
		files []File
		probs []personas.Problem
	)
	for _, path := range dirs.GuardsFiles() {
		f, ps, ok := LoadFile(path)
		probs = append(probs, ps...)
		if ok {
			files = append(files, f)
		}
	}
	return files, probs
}

// LoadFile reads one guards file; ok is false when it does not exist.
func LoadFile(path string) (f File, probs []personas.Problem, ok bool) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return File{}, nil, false
	}
	if err != nil {
		p := personas.Problem{File: path, Severity: personas.Error, Message: "cannot read the guards file: " + err.Error()}
		return broken(path, p), []personas.Problem{p}, true
	}
	rules, probs := personas.ParseRuleMap(path, data)
	if errs := personas.Errors(probs); len(errs) > 0 {
		return broken(path, errs[0]), probs, true
	}
	return File{Path: path, Rules: rules}, probs, true
}

// broken is the stand-in for a guards file that failed: ask for everything, and say why.
func broken(path string, p personas.Problem) File {
	return File{Path: path, Broken: true, Rules: engine.Ruleset{{
		Permission: "*", Pattern: "*", Action: engine.Ask,
		Reason: "the guards file is broken (" + p.Error() + "); every call asks until it is fixed",
		Source: engine.Source{Kind: engine.FromGuard, Name: path, Line: p.Line},
	}}}
}

// Compile compiles each file on its own, ready for engine.Policy.Guards.
func Compile(files []File) []*engine.Compiled {
	out := make([]*engine.Compiled, len(files))
	for i, f := range files {
		out[i] = engine.Compile(f.Rules)
	}
	return out
}
