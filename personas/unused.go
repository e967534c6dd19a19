package personas

import (
	"strings"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// Unused is a project persona file the catalog read but does not use, and why: the project
// is not trusted (or changed since it was), or the persona would replace a built-in or global
// persona of the same name, which a project may never do (docs/trust.md).
type Unused struct {
	// Persona is the file's persona as parsed; nil when the file did not parse.
	Persona *Persona
	File    string
	// Why starts with "not used: ", as every surface shows it.
	Why string
}

// Unused lists the project persona files not in use, in the order they were read.
func (c *Catalog) Unused() []Unused { return append([]Unused(nil), c.unused...) }

// Trust is the trust of the project the catalog was loaded for (trust.Of).
func (c *Catalog) Trust() trust.Status { return c.trust }

// unusable reports whether d's agent dir cannot be used (locations.Dirs.Check): the catalog
// then holds the built-ins only, and a problem says why, since every folder would be read
// relative to wherever the program runs.
func (c *Catalog) unusable(d locations.Dirs) bool {
	err := d.Check()
	if err != nil {
		c.problems = append(c.problems, Problem{File: locations.AgentDirEnv, Severity: Error, Message: err.Error()})
	}
	return err != nil
}

// projectTrust decides, once per load, whether d's project files may be used; a project that
// may not use them adds one warning, so that every surface listing problems says so.
func (c *Catalog) projectTrust(d locations.Dirs) bool {
	c.trust = trust.Of(d)
	for _, pr := range c.trust.Problems {
		c.problems = append(c.problems, Problem{File: d.TrustStore(), Severity: Warning, Message: pr})
	}
	if c.trust.Uses() {
		return true
	}
	c.problems = append(c.problems, Problem{File: d.Project, Severity: Warning, Message: c.trust.Note()})
	return false
}

// refuseReplace reports whether project persona p would replace old, a built-in or global
// persona of the same name: it is then not used, and listed with why. A cloned repository
// must not swap the person's planner for its own under the same name.
func (c *Catalog) refuseReplace(p, old *Persona) bool {
	if p.Scope != ScopeProject || old.Scope == ScopeProject {
		return false
	}
	what := "the global persona " + old.Name + " (" + old.Path + ")"
	if old.Scope == ScopeBuiltin {
		what = "the built-in persona " + old.Name
	}
	why := "not used: a project persona may not replace " + what + "; give it another name"
	c.unused = append(c.unused, Unused{Persona: p, File: p.Path, Why: why})
	c.problems = append(c.problems, Problem{File: p.Path, Line: 1, Col: 1, Severity: Warning, Message: why})
	return true
}

// WhyNotFound says why no persona called name is in use when a project file may define it:
// the project's files are not used, or the file of that name is not; "" otherwise. A command
// that cannot find a persona says this rather than that there is none.
func (c *Catalog) WhyNotFound(name string) string {
	for _, u := range c.unused {
		if u.Persona != nil && strings.EqualFold(u.Persona.Name, name) {
			return u.File + " defines " + u.Persona.Name + ", but is " + u.Why
		}
	}
	if !c.trust.Uses() {
		return c.trust.Note()
	}
	return ""
}
