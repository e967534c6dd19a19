package policy

// The guards files: agent-manager/guards.yaml in pi's agent dir and
// .pi/agent-manager/guards.yaml in the project (docs/rules.md). They hold rule maps of the same
// form as a persona's permissions, apply to every persona, and win wherever they are more
// restrictive. Each file is kept as its own ruleset: last match wins inside a file, the most
// restrictive file wins between them, so a project's file can add protections but never lift
// one of the user's.

import (
	"errors"
	"io/fs"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/trust"
)

// GuardsFile is one guards file that exists.
type GuardsFile struct {
	Path  string
	Rules engine.Ruleset // each with Source{Kind: FromGuard, Name: Path, Line}
	// Broken is set when the file could not be read or parsed. Its Rules are then one rule
	// asking for every call, so that a typo never silently lifts a protection; the rule's
	// reason says what to fix.
	Broken bool
	// Builtin is set for the built-in guard (BuiltinGuard), which no file holds: Path is "".
	Builtin bool
}

// LoadGuards reads the guards files of dirs that exist and may be used, the managed one
// first, then the user's, then the project's, with the problems found in them (file, line and
// column each). The project's is read only when the project is trusted (package trust); the
// catalog's problems and every decision's reason say when it is not.
func LoadGuards(dirs locations.Dirs) ([]GuardsFile, []personas.Problem) {
	return loadGuards(dirs, trust.Of(dirs))
}

// loadGuards is LoadGuards with the project's trust decided.
func loadGuards(dirs locations.Dirs, st trust.Status) ([]GuardsFile, []personas.Problem) {
	var (
		files []GuardsFile
		probs []personas.Problem
	)
	if f, ps, ok := LoadManaged(dirs.Managed); ok || len(ps) > 0 {
		probs = append(probs, ps...)
		if ok {
			files = append(files, f)
		}
	}
	for _, path := range dirs.GuardsFiles() {
		if path == dirs.ProjectGuards() {
			if !st.Uses() {
				// Said once by the catalog (and in every decision's reason), not per load.
				continue
			}
		}
		f, ps, ok := LoadGuardsFile(path)
		probs = append(probs, ps...)
		if ok {
			files = append(files, f)
		}
	}
	return files, probs
}

// LoadGuardsFile reads one guards file; ok is false when it does not exist.
func LoadGuardsFile(path string) (f GuardsFile, probs []personas.Problem, ok bool) {
	data, err := regularfile.Read(path, regularfile.PersonaLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return GuardsFile{}, nil, false
	}
	if err != nil {
		p := personas.Problem{File: path, Severity: personas.Error, Message: "cannot read the guards file: " + err.Error()}
		return brokenGuards(path, p), []personas.Problem{p}, true
	}
	rules, probs := personas.ParseRuleMap(path, data)
	if errs := personas.Errors(probs); len(errs) > 0 {
		return brokenGuards(path, errs[0]), probs, true
	}
	return GuardsFile{Path: path, Rules: rules}, probs, true
}

// brokenGuards is the stand-in for a guards file that failed: ask for everything, and say why.
func brokenGuards(path string, p personas.Problem) GuardsFile {
	return GuardsFile{Path: path, Broken: true, Rules: engine.Ruleset{{
		Permission: "*", Pattern: "*", Action: engine.Ask,
		Reason: "the guards file is broken (" + p.Error() + "); every call asks until it is fixed",
		Source: engine.Source{Kind: engine.FromGuard, Name: path, Line: p.Line},
	}}}
}

// CompileGuards compiles each file on its own, ready for engine.Policy.Guards.
func CompileGuards(files []GuardsFile) []*engine.Compiled { return compileGuardsWithHome(files, "") }

// compileGuardsWithHome is CompileGuards with `~` and `$HOME` standing for home ("" the
// user's).
func compileGuardsWithHome(files []GuardsFile, home string) []*engine.Compiled {
	rules := make([]engine.Ruleset, len(files))
	for i, f := range files {
		rules[i] = f.Rules
	}
	return CompileGuardRules(rules, home)
}
