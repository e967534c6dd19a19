// Package personalist lays a persona catalog out as the app's persona list: scope headings,
// personas, files that failed to load, the search filter and the row markers.
package personalist

import (
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// ItemKind says what a row of the persona list is.
type ItemKind int

// Row kinds.
const (
	ItemHeader  ItemKind = iota // a scope heading: Built-in, Global, Project
	ItemPersona                 // a loaded persona
	ItemBroken                  // a file that failed to load
	ItemUnused                  // a project persona file that loads but is not used (personas.Unused)
)

// ListItem is one row of the persona list, with everything the row shows.
type ListItem struct {
	Kind  ItemKind
	Key   string // persona name, or the broken file's path; "" for headers
	Title string // heading text, persona name, or the broken file's name
	Scope personas.Scope

	Icon   string
	Color  string
	Type   string
	Detail string // the description's first line, or a broken file's first error

	Hidden bool
	Active bool
	Dirty  bool
	// AMMark says what pi-agent-manager 0.18.1 does with the file when that is not loading
	// it ("AM skips"); "" otherwise.
	AMMark string
}

// ListInput is what the list is built from.
type ListInput struct {
	Catalog *personas.Catalog
	Active  string // the active persona's name
	Dirty   string // the key of the item with unsaved edits, "" when none
	Filter  string // search text; matches name, description, type, icon, file
	// AM gives a persona's AMMark; nil marks nothing.
	AM func(p *personas.Persona) string
}

// BuildList lays the catalog out as the persona list: one heading per scope that has rows,
// then its personas in catalog order, then the files of that scope that failed to load.
func BuildList(in ListInput) []ListItem {
	type group struct {
		personas []ListItem
		unused   []ListItem
		broken   []ListItem
	}
	groups := make([]group, personas.ScopeProject+1)
	filter := strings.ToLower(strings.TrimSpace(in.Filter))
	for _, p := range in.Catalog.Personas() {
		if !matches(filter, p.Name, p.Description, p.Type, p.Icon, p.Path) {
			continue
		}
		it := ListItem{
			Kind: ItemPersona, Key: p.Name, Title: p.Name, Scope: p.Scope, Icon: p.Icon, Color: p.Color,
			Type: p.Type, Detail: firstLine(p.Description), Hidden: p.Hidden,
			Active: p.Name == in.Active, Dirty: p.Name == in.Dirty,
		}
		if it.Type == "" {
			it.Type = personas.TypePrimary
		}
		if in.AM != nil {
			it.AMMark = in.AM(p)
		}
		groups[p.Scope].personas = append(groups[p.Scope].personas, it)
	}
	for _, u := range in.Catalog.Unused() {
		it := unusedItem(u)
		if matches(filter, it.Title, u.File, u.Why) {
			groups[personas.ScopeProject].unused = append(groups[personas.ScopeProject].unused, it)
		}
	}
	dirs := in.Catalog.Dirs()
	for _, b := range brokenFiles(in.Catalog) {
		if !matches(filter, b.File, b.Message) {
			continue
		}
		sc := scopeOfPath(dirs, b.File)
		groups[sc].broken = append(groups[sc].broken, ListItem{
			Kind: ItemBroken, Key: b.File, Title: filepath.Base(b.File), Scope: sc, Detail: b.Error(),
		})
	}
	var out []ListItem
	for sc, g := range groups {
		if len(g.personas)+len(g.unused)+len(g.broken) == 0 {
			continue
		}
		out = append(out, ListItem{Kind: ItemHeader, Title: scopeHeading(personas.Scope(sc)), Scope: personas.Scope(sc)})
		out = append(out, g.personas...)
		out = append(out, g.unused...)
		out = append(out, g.broken...)
	}
	return out
}

// unusedItem is the row of a project persona file that is not used: its persona's name (the
// file's when it did not parse), and why in the row's mark ("project not trusted"); the
// detail has the whole reason.
func unusedItem(u personas.Unused) ListItem {
	title := strings.TrimSuffix(filepath.Base(u.File), ".md")
	if u.Persona != nil {
		title = u.Persona.Name
	}
	short := strings.TrimPrefix(u.Why, "not used: ")
	if i := strings.IndexAny(short, "(;"); i > 0 {
		short = strings.TrimSpace(short[:i])
	}
	return ListItem{Kind: ItemUnused, Key: u.File, Title: title, Scope: personas.ScopeProject,
		Type: "not used", Detail: u.Why, AMMark: short}
}

// scopeHeadings are the headings of the scopes' groups but the project's.
var scopeHeadings = map[personas.Scope]string{personas.ScopeBuiltin: "Built-in", personas.ScopeGlobal: "Global"}

// scopeHeading is the heading of a scope's group.
func scopeHeading(s personas.Scope) string {
	if h, ok := scopeHeadings[s]; ok {
		return h
	}
	return "Project"
}

// matches reports whether any field contains filter (already lower-cased); "" matches all.
func matches(filter string, fields ...string) bool {
	if filter == "" {
		return true
	}
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f), filter) {
			return true
		}
	}
	return false
}

// brokenFiles is the first error of every file that failed to load, in catalog order. A file
// with several errors is one row; the editor lists them all.
func brokenFiles(c *personas.Catalog) []personas.Problem {
	var out []personas.Problem
	seen := map[string]bool{}
	for _, p := range c.Problems() {
		if p.Severity != personas.Error || seen[p.File] {
			continue
		}
		seen[p.File] = true
		out = append(out, p)
	}
	return out
}

// FileProblems are the errors of the file path, in order: what the editor lists for a file
// that failed to load.
func FileProblems(c *personas.Catalog, path string) []personas.Problem {
	var out []personas.Problem
	for _, p := range c.Problems() {
		if p.Severity == personas.Error && p.File == path {
			out = append(out, p)
		}
	}
	return out
}

// scopeOfPath is the scope of a file by the folder it is in.
func scopeOfPath(d locations.Dirs, path string) personas.Scope {
	if pa := d.ProjectAgents(); pa != "" && within(pa, path) {
		return personas.ScopeProject
	}
	if d.Agent != "" && within(d.Agent, path) {
		return personas.ScopeGlobal
	}
	if strings.HasPrefix(path, "builtin/") {
		return personas.ScopeBuiltin
	}
	return personas.ScopeGlobal
}

// within reports whether path is dir or inside it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
