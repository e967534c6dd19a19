package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// dirs are the folders personas are read from, as the environment says.
func (e *env) dirs() personas.Dirs {
	return personas.DefaultDirs(e.cwd)
}

// catalog loads every persona. Files that failed to load are reported on stderr, never fatal.
func (e *env) catalog(quiet bool) *personas.Catalog {
	c := personas.Load(e.dirs())
	if !quiet {
		reportProblems(e.stderr, c.Problems(), personas.Warning)
	}
	return c
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
	if n := activeAgentHook(e); n != "" {
		return n
	}
	return builtin.Default
}

// activeAgentHook returns the active persona from the state file once it exists; "" means none.
var activeAgentHook = func(e *env) string { return "" }

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
	return fmt.Errorf("no persona named %q; `agentmgr list` shows them", name)
}

// policyFor composes the policy that decides calls for p: guards and the session's rules when
// the approvals packages provide them.
var policyFor = func(e *env, p *personas.Persona, session string) (*engine.Policy, error) {
	if session != "" {
		return nil, fmt.Errorf("session rules are not available in this build")
	}
	return &engine.Policy{Persona: engine.Compile(p.Rules)}, nil
}
