package personas

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/internal/parallel"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// Catalog is every persona agentmgr can offer: the built-ins, then the global personas, then
// the project's, each scope in file-name order. A persona in a higher scope replaces the one of
// the same name in a lower scope in place, so the order people learned stays put.
type Catalog struct {
	dirs     locations.Dirs
	list     []*Persona
	index    map[string]int
	shadowed []*Persona
	problems []Problem
	// failedUnread are files LoadNamed did not read because its index remembers that they
	// failed to load; their problems are not in problems.
	failedUnread []string
	// unused are the project persona files not used (Unused), trust the project's trust.
	unused []Unused
	trust  trust.Status
}

// withBuiltins is a catalog of d holding the built-in personas alone, which every load starts
// from (a file of the same name loaded after them may shadow one).
func withBuiltins(d locations.Dirs) *Catalog {
	list, probs := builtins()
	c := &Catalog{dirs: d, index: map[string]int{}, problems: probs}
	for _, p := range list {
		c.add(p)
	}
	return c
}

// Load reads the built-ins and the persona folders of d. It never fails: files that cannot be
// read or parsed are skipped and listed in Problems, and the rest load.
func Load(d locations.Dirs) *Catalog {
	c := withBuiltins(d)
	if c.unusable(d) {
		return c
	}
	c.loadDir(d.GlobalAgents(), ScopeGlobal)
	c.loadLegacy(d.LegacyFile())
	if dir := d.ProjectAgents(); dir != "" {
		if c.projectTrust(d) {
			c.loadDir(dir, ScopeProject)
		} else {
			c.listUntrusted(dir)
		}
	}
	return c
}

// listUntrusted reads the persona files of an untrusted project's folder only to list them as
// not used.
func (c *Catalog) listUntrusted(dir string) {
	files, err := personaFiles(dir)
	if err != nil {
		return // the trust's note already says the project is not used
	}
	for i, res := range parseFiles(files, ScopeProject) {
		if res.other {
			continue
		}
		c.unused = append(c.unused, Unused{Persona: res.p, File: files[i], Why: c.trust.NotUsed()})
	}
}

// LoadBuiltin parses the built-in persona name.
func LoadBuiltin(name string) (*Persona, []Problem) {
	display := "builtin/" + name + ".md"
	data, err := builtin.File(name)
	if err != nil {
		return nil, []Problem{{File: display, Severity: Error, Message: "no such built-in persona"}}
	}
	return Parse(display, data, ScopeBuiltin)
}

// CatalogOf is the catalog of the personas given, in order, as the caller holds them (the
// app's simulator decides with its drafts): no file is read, and of two personas of one name
// the first stands.
func CatalogOf(list ...*Persona) *Catalog {
	c := &Catalog{index: map[string]int{}}
	for _, p := range list {
		if _, ok := c.index[strings.ToLower(p.Name)]; !ok {
			c.index[strings.ToLower(p.Name)] = len(c.list)
			c.list = append(c.list, p)
		}
	}
	return c
}

// Dirs returns the folders the catalog was loaded from.
func (c *Catalog) Dirs() locations.Dirs { return c.dirs }

// Personas returns the effective personas in catalog order.
func (c *Catalog) Personas() []*Persona {
	return append([]*Persona(nil), c.list...)
}

// Lookup finds an effective persona by name (case-insensitive, as names are lower-cased).
func (c *Catalog) Lookup(name string) (*Persona, bool) {
	i, ok := c.index[strings.ToLower(name)]
	if !ok {
		return nil, false
	}
	return c.list[i], true
}

// Problems returns the errors of every skipped file and the notes of the loaded ones, in the
// order the files were read.
func (c *Catalog) Problems() []Problem {
	return append([]Problem(nil), c.problems...)
}

// FailedFiles lists, sorted, the files that failed to load: those with an error among the
// problems, and after LoadNamed those its index remembers as failed without reading them again
// (their reasons need Load, as lint does).
func (c *Catalog) FailedFiles() []string {
	files := append([]string(nil), c.failedUnread...)
	for _, pr := range c.problems {
		if pr.Severity == Error && !slices.Contains(files, pr.File) {
			files = append(files, pr.File)
		}
	}
	slices.Sort(files)
	return files
}

// Shadowed returns the personas replaced by one of the same name in a higher scope.
func (c *Catalog) Shadowed() []*Persona {
	return append([]*Persona(nil), c.shadowed...)
}

// add puts p in the catalog: a new name goes at the end, a name from a lower scope is replaced
// in place, and a second persona of the same name in the same scope is refused.
func (c *Catalog) add(p *Persona) {
	i, ok := c.index[p.Name]
	if !ok {
		c.index[p.Name] = len(c.list)
		c.list = append(c.list, p)
		return
	}
	old := c.list[i]
	if c.refuseReplace(p, old) {
		return
	}
	if p.Scope > old.Scope {
		c.shadowed = append(c.shadowed, old)
		c.list[i] = p
		return
	}
	c.problems = append(c.problems, Problem{File: p.Path, Line: 1, Col: 1, Severity: Error,
		Message: "the name " + p.Name + " is already used by " + old.Where() + " in the same scope; this file is skipped: rename one of them"})
}

// personaFiles lists the persona files of dir in name order (locations.PersonaFiles).
func personaFiles(dir string) ([]string, error) { return locations.PersonaFiles(dir) }

func (c *Catalog) loadDir(dir string, scope Scope) {
	files, err := personaFiles(dir)
	if err != nil {
		c.problems = append(c.problems, Problem{File: dir, Severity: Error, Message: "cannot read the persona folder: " + unwrapPathError(err)})
		return
	}
	for _, res := range parseFiles(files, scope) {
		c.problems = append(c.problems, res.probs...)
		if res.p != nil {
			c.add(res.p)
		}
	}
}

type fileResult struct {
	p     *Persona
	probs []Problem
	// other is set for a file of another tool that shares the folder (a pi-subagents agent):
	// skipped, not failed.
	other bool
}

// parseFiles reads and parses files on every CPU, since YAML parsing is most of a catalog's
// load time; the results come back in the order of files, so the catalog stays deterministic.
func parseFiles(files []string, scope Scope) []fileResult {
	out := make([]fileResult, len(files))
	parallel.For(len(files), func(i int) { out[i] = parseOne(files[i], scope) })
	return out
}

func parseOne(f string, scope Scope) fileResult {
	// Only a regular file of bounded size is read: a FIFO would block the read (and every gate
	// call with it), a link to /dev/zero would never end.
	data, err := regularfile.Read(f, regularfile.PersonaLimit)
	if err != nil {
		if st, serr := os.Stat(f); serr == nil && st.IsDir() {
			return fileResult{} // a folder (or a link to one) named like a persona
		}
		return fileResult{probs: []Problem{{File: f, Severity: Error, Message: "cannot read the file: " + unwrapPathError(err) + "; it is skipped"}}}
	}
	p, probs := Parse(f, data, scope)
	// The folder is shared with pi-subagents: its agents are not personas, nor broken ones. One
	// has no permissions, so it never parses as a persona; asking only then keeps to one YAML
	// parse for every persona file.
	if p == nil && IsPiSubagentsAgent(data) {
		return fileResult{probs: []Problem{otherToolsNote(f)}, other: true}
	}
	return fileResult{p: p, probs: probs}
}

func (c *Catalog) loadLegacy(path string) {
	data, err := regularfile.Read(path, regularfile.PersonaLimit)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.problems = append(c.problems, Problem{File: path, Severity: Error, Message: "cannot read the file: " + unwrapPathError(err)})
		}
		return
	}
	ps, probs := ParseLegacy(path, data)
	c.problems = append(c.problems, probs...)
	for _, p := range ps {
		if i, ok := c.index[p.Name]; ok && c.list[i].Scope == ScopeGlobal {
			// A Markdown file of the same name is the newer form of the same agent: it wins.
			c.shadowed = append(c.shadowed, p)
			c.problems = append(c.problems, Problem{File: path, Severity: Info,
				Message: "agent " + p.Name + " is also defined by " + c.list[i].Path + ", which is used instead"})
			continue
		}
		c.add(p)
	}
}

// unwrapPathError drops the path that a *fs.PathError repeats, since problems name the file.
func unwrapPathError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
