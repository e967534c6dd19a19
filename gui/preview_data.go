package gui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/preview"
	"github.com/agentmgr/agentmgr/sessions"
)

// previewSource hands the preview package what the workspace holds: the personas as edited, the
// guards files and the options. Guards are read from disk with the catalog, off the UI
// goroutine (a reload reads them again), never on an edit.
type previewSource struct {
	ws *workspace.Workspace
	// dirs are the shell's: creating the first project persona gives them a project.
	dirs *locations.Dirs
}

// Guards are the rules of each guards file.
func (ps *previewSource) Guards() []engine.Ruleset { return ps.ws.Guards() }

// Options are the options every preview compiles with: the state file's yolo switch, and the
// home directory the app's folders were found from.
func (ps *previewSource) Options() preview.Options {
	return preview.Options{Yolo: ps.ws.Yolo(), Home: ps.dirs.Home}
}

// Personas lists every persona in catalog order, the one open in the editor with its unsaved
// edits, so that previews follow every keystroke.
func (ps *previewSource) Personas() []preview.Persona {
	return editedDraftOf(ps.ws).personas(ps.ws.Catalog())
}

// editedDraft is the persona open in the editor when it has unsaved edits: name is the name
// it was loaded under. Both the catalog and the persona are replaced on change, never
// changed, so a view worker may read them while the editor goes on.
type editedDraft struct {
	name    string
	persona *personas.Persona
}

// editedDraftOf is the open persona's unsaved version, if any.
func editedDraftOf(ws *workspace.Workspace) editedDraft {
	if e := ws.Draft(); e != nil && e.Dirty() && e.Original() != nil && e.Persona() != nil {
		return editedDraft{name: e.Original().Name, persona: e.Persona()}
	}
	return editedDraft{}
}

// personas lists the personas of c in catalog order, the draft in place of the one it edits.
func (d editedDraft) personas(c *personas.Catalog) []preview.Persona {
	if c == nil {
		return nil
	}
	list := c.Personas()
	out := make([]preview.Persona, 0, len(list))
	for _, p := range list {
		if d.persona != nil && p.Name == d.name {
			p = d.persona
		}
		out = append(out, previewPersona(p))
	}
	return out
}

// Snapshot is what a what-if check reads.
func (ps *previewSource) Snapshot() *preview.Snapshot { return ps.snapshotLater()() }

// snapshotLater takes what a what-if check reads on the UI goroutine, and returns the function
// that makes the snapshot from it, which any goroutine may call: the catalog and the draft are
// replaced, never changed, and the list of every persona is the O(personas) part.
func (ps *previewSource) snapshotLater() func() *preview.Snapshot {
	catalog, draft, active := ps.ws.Catalog(), editedDraftOf(ps.ws), ps.ws.Active()
	guards, opts, dirs, cwd := ps.Guards(), ps.Options(), *ps.dirs, projectDirOf(*ps.dirs)
	return func() *preview.Snapshot {
		store := sessions.Open(dirs)
		return &preview.Snapshot{
			Personas: draft.personas(catalog),
			Active:   active,
			Guards:   guards,
			Options:  opts,
			Place:    policy.PlaceFor(cwd),
			Session: func(id string) (engine.Ruleset, error) {
				rs, err := store.Get(id)
				return rs.Rules, err
			},
			SessionFile: store.Path,
		}
	}
}

// SessionIDs lists the stored sessions, for the simulator's choice; none when the store
// cannot be read.
func (ps *previewSource) SessionIDs() []string {
	list, err := sessions.Open(*ps.dirs).List()
	if err != nil {
		return nil
	}
	var ids []string
	for _, s := range list {
		ids = append(ids, s.ID)
	}
	return ids
}

func previewPersona(p *personas.Persona) preview.Persona {
	return preview.Persona{Name: p.Name, Scope: p.Scope.String(), Rules: p.Rules, Legacy: p.Form == personas.FormLegacy}
}

// extraToolsKey is the preference holding the tool names the user added to previews.
const extraToolsKey = "preview.extraTools"

// ExtraTools are the tool names the user added (custom and MCP tools), remembered in prefs.
func ExtraTools(prefs fyne.Preferences) []string {
	return prefs.StringListWithFallback(extraToolsKey, nil)
}

// AddExtraTool remembers a tool name for previews; it reports false for a blank name or one
// already known.
func AddExtraTool(prefs fyne.Preferences, name string) bool {
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " \t\n") || slices.Contains(mapping.KnownTools(ExtraTools(prefs)...), name) {
		return false
	}
	prefs.SetStringList(extraToolsKey, append(ExtraTools(prefs), name))
	return true
}

// RemoveExtraTool forgets a tool name the user added.
func RemoveExtraTool(prefs fyne.Preferences, name string) {
	prefs.SetStringList(extraToolsKey, slices.DeleteFunc(ExtraTools(prefs), func(t string) bool { return t == name }))
}

// PreviewTools is the tool list of previews: pi's tools, the mapping's, then the user's.
func PreviewTools(prefs fyne.Preferences) []string { return mapping.KnownTools(ExtraTools(prefs)...) }
