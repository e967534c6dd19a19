package gui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/preview"
	"github.com/agentmgr/agentmgr/sessions"
)

// previewSource hands the preview package what the Shell holds: the personas as edited, the
// guards files and the options. Guards are read from disk once per loaded catalog (a reload
// reads them again), never on an edit.
type previewSource struct {
	s       *Shell
	loaded  *personas.Catalog // the catalog the guards were read with
	guards  []engine.Ruleset
	gProbs  []personas.Problem
	guarded []string // the guards files that exist, for the screens to name
}

func newPreviewSource(s *Shell) *previewSource { return &previewSource{s: s} }

// refresh reads the guards again when the catalog was reloaded.
func (ps *previewSource) refresh() {
	if c := ps.s.Catalog(); c != ps.loaded {
		ps.loaded = c
		files, probs := policy.LoadGuards(ps.s.Dirs())
		ps.guards, ps.gProbs, ps.guarded = nil, probs, nil
		for _, f := range files {
			ps.guards = append(ps.guards, f.Rules)
			ps.guarded = append(ps.guarded, f.Path)
		}
	}
}

// Guards are the rules of each guards file.
func (ps *previewSource) Guards() []engine.Ruleset {
	ps.refresh()
	return ps.guards
}

// Options are the options every preview compiles with: the state file's yolo switch, and the
// home directory the app's folders were found from.
func (ps *previewSource) Options() preview.Options {
	return preview.Options{Yolo: ps.s.Yolo(), Home: ps.s.Dirs().Home}
}

// Personas lists every persona in catalog order, the one open in the editor with its unsaved
// edits, so that previews follow every keystroke.
func (ps *previewSource) Personas() []preview.Persona {
	c := ps.s.Catalog()
	if c == nil {
		return nil
	}
	var out []preview.Persona
	for _, p := range c.Personas() {
		if e := ps.s.EditedPersona(p.Name); e != nil {
			p = e
		}
		out = append(out, previewPersona(p))
	}
	return out
}

// Snapshot is what a what-if check reads.
func (ps *previewSource) Snapshot() *preview.Snapshot {
	store := sessions.Open(ps.s.Dirs())
	return &preview.Snapshot{
		Personas: ps.Personas(),
		Active:   ps.s.Active(),
		Guards:   ps.Guards(),
		Options:  ps.Options(),
		Place:    policy.PlaceFor(ps.s.projectDir()),
		Session: func(id string) (engine.Ruleset, error) {
			rs, err := store.Get(id)
			return rs.Rules, err
		},
	}
}

// SessionIDs lists the stored sessions, for the simulator's choice; none when the store
// cannot be read.
func (ps *previewSource) SessionIDs() []string {
	list, err := sessions.Open(ps.s.Dirs()).List()
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
