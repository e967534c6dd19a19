package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
)

// dirs are the folders personas are read from, as the environment says.
func (e *env) dirs() locations.Dirs {
	return locations.Find(e.getenv, locations.Home(e.getenv), e.cwd)
}

// loadedCatalog is a catalog with the folders it was read from.
type loadedCatalog struct {
	dirs locations.Dirs
	cat  *personas.Catalog
}

// load reads every persona once per command: finding the active agent and the persona a
// command is about would otherwise read every file twice (the gate's start-up counts).
func (e *env) load() *personas.Catalog {
	d := e.dirs()
	if e.loaded == nil || e.loaded.dirs != d {
		e.loaded = &loadedCatalog{dirs: d, cat: personas.Load(d)}
	}
	return e.loaded.cat
}

// loadNamed reads only what a command about some personas needs (personas.LoadNamed): the
// named ones, and the active one and the default when a name is "" or always is set. The gate
// runs on every tool call of an agent, and check, tools and use are called as often by
// scripts, so they must not parse every persona file. Later loads of the command get this
// catalog, which is complete for those personas only.
func (e *env) loadNamed(withActive bool, names ...string) *personas.Catalog {
	return e.loadWith(personas.LoadNamed, withActive, names)
}

// loadIndexed is loadNamed for the gate, which runs on every tool call: the persona folders
// the name index trusts are neither listed nor stamped file by file (personas.LoadIndexed).
func (e *env) loadIndexed(names ...string) *personas.Catalog {
	return e.loadWith(personas.LoadIndexed, true, names)
}

func (e *env) loadWith(load func(locations.Dirs, ...string) *personas.Catalog, withActive bool, names []string) *personas.Catalog {
	d := e.dirs()
	var want []string
	for _, n := range names {
		if n == "" {
			withActive = true
			continue
		}
		want = append(want, n)
	}
	if withActive {
		st, _ := personas.LoadState(d)
		want = append(want, st.Active, builtin.Default)
	}
	e.loaded = &loadedCatalog{dirs: d, cat: load(d, want...)}
	return e.loaded.cat
}

// catalog loads every persona. Files that failed to load are reported on stderr, never fatal.
func (e *env) catalog(quiet bool) *personas.Catalog {
	c := e.load()
	if !quiet {
		reportProblems(e.stderr, c.Problems(), personas.Warning)
	}
	return c
}

// catalogFor loads every persona for a command about one of them (name, or the active one).
// Unless quiet, it reports the problems of that persona's files, and the other files that
// failed to load in one line: their details belong to list and lint, not to every check.
func (e *env) catalogFor(quiet bool, name string) (*personas.Catalog, *personas.Persona, error) {
	c := e.loadNamed(false, name)
	p, err := persona(c, e, name)
	if err == nil && !quiet {
		reportFor(e.stderr, c, p)
	}
	return c, p, err
}

// reportFor prints the problems of p's files and counts the other files that failed to load.
func reportFor(w io.Writer, c *personas.Catalog, p *personas.Persona) {
	own := problemsOf(c.Problems(), []*personas.Persona{p})
	reportProblems(w, own, personas.Warning)
	// Count files, not errors: one broken file may have several.
	others := 0
	for _, f := range c.FailedFiles() {
		if !slices.ContainsFunc(own, func(pr personas.Problem) bool { return pr.File == f }) {
			others++
		}
	}
	switch {
	case others == 1:
		fmt.Fprintln(w, "note: another persona file failed to load; `agentmgr lint` says why")
	case others > 1:
		fmt.Fprintf(w, "note: %d other persona files failed to load; `agentmgr lint` says why\n", others)
	}
}

// problemsOf keeps the problems that concern the given personas: their own files, and files of
// the same name that failed to load (a broken project file leaves the global persona in use).
func problemsOf(probs []personas.Problem, list []*personas.Persona) []personas.Problem {
	var out []personas.Problem
	for _, pr := range probs {
		base := strings.TrimSuffix(filepath.Base(pr.File), ".md")
		for _, p := range list {
			if pr.File == p.Path || strings.HasSuffix(pr.File, ".md") && strings.EqualFold(base, p.Name) {
				out = append(out, pr)
				break
			}
		}
	}
	return out
}

// reportProblems prints problems of at least min severity.
func reportProblems(w io.Writer, ps []personas.Problem, min personas.Severity) {
	for _, p := range ps {
		if p.Severity <= min {
			fmt.Fprintf(w, "%s: %s\n", p.Severity, p.Error())
		}
	}
}

// activeName is the persona used when no --agent is given.
func (e *env) activeName() string {
	if n := activeFromState(e); n != "" {
		return n
	}
	return builtin.Default
}

// persona finds name (or the active persona when name is "") in c.
func persona(c *personas.Catalog, e *env, name string) (*personas.Persona, error) {
	if name == "" {
		name = e.activeName()
	}
	p, ok := c.Lookup(name)
	if !ok {
		return nil, notFound(c, name)
	}
	return p, nil
}

// known refuses a name the catalog does not have, before an edit looks for its file.
func known(c *personas.Catalog, name string) error {
	if _, ok := c.Lookup(name); !ok {
		return notFound(c, name)
	}
	return nil
}

// notFound explains a name the catalog does not have. When a file of that name failed to load,
// its error is the answer: the person should fix the file, not look for a typo.
func notFound(c *personas.Catalog, name string) error {
	for _, pr := range c.Problems() {
		base := strings.TrimSuffix(filepath.Base(pr.File), ".md")
		if pr.Severity == personas.Error && strings.HasSuffix(pr.File, ".md") && strings.EqualFold(base, name) {
			return fmt.Errorf("persona %q did not load: %s", strings.ToLower(name), pr.Error())
		}
	}
	if why := c.WhyNotFound(name); why != "" {
		return fmt.Errorf("no persona named %q is in use: %s", name, why)
	}
	return fmt.Errorf("no persona named %q; `agentmgr list` shows them", name)
}

// policyFor composes the policy that decides calls for p with policy.For: guards, yolo and,
// when session is not "", the session's rules. The guards files' problems go to stderr.
func policyFor(e *env, p *personas.Persona, session string) (*engine.Policy, error) {
	pol, probs, err := policy.For(e.dirs(), p, session)
	reportProblems(e.stderr, probs, personas.Warning)
	return pol, err
}
