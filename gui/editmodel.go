package gui

import (
	"slices"
	"strconv"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// EditorModel is one persona open in the editor: the persona as loaded, the draft the person
// is changing, whether it is dirty, what is wrong with it, and whether its file changed on
// disk meanwhile. It is plain Go (no widgets) so that all of this is tested without a display.
//
// A model for a file that failed to load holds only its problems and is read-only.
type EditorModel struct {
	orig  *personas.Persona // nil for a broken file
	base  Draft             // the draft of orig: what "not dirty" means
	draft Draft

	catalog  *personas.Catalog  // the catalog orig came from, for name checks
	path     string             // the file, "" for a built-in
	problems []personas.Problem // load errors of a broken file

	persona   *personas.Persona // draft applied to orig, rebuilt after every edit
	listeners []func()

	conflict Conflict
	selRule  int // selected row of the rules table, -1 for none
}

// NewEditorModel opens p. c is the catalog p was loaded from.
func NewEditorModel(p *personas.Persona, c *personas.Catalog) *EditorModel {
	m := &EditorModel{orig: p, path: p.Path, catalog: c, selRule: -1}
	m.base = draftOf(p)
	m.draft = m.base.clone()
	m.persona = p
	return m
}

// NewBrokenModel opens a file that failed to load, read-only, with its problems.
func NewBrokenModel(path string, problems []personas.Problem) *EditorModel {
	return &EditorModel{path: path, problems: problems, selRule: -1}
}

// Original is the persona as loaded, nil for a broken file.
func (m *EditorModel) Original() *personas.Persona { return m.orig }

// Path is the persona's file, "" for a built-in.
func (m *EditorModel) Path() string { return m.path }

// Problems are the load errors of a broken file.
func (m *EditorModel) Problems() []personas.Problem { return m.problems }

// Broken reports whether the file failed to load.
func (m *EditorModel) Broken() bool { return m.orig == nil }

// ReadOnly reports whether the editor must not change this persona: a broken file, a built-in
// (it lives in the binary: customise it as a copy), or a persona of the legacy JSON file (it
// has no Markdown file to write).
func (m *EditorModel) ReadOnly() bool {
	return m.orig == nil || m.orig.Scope == personas.ScopeBuiltin || !isMarkdown(m.path)
}

// Draft returns a copy of the draft.
func (m *EditorModel) Draft() Draft { return m.draft.clone() }

// Persona is the persona as edited: the draft applied to the loaded persona, with the rules it
// would have once saved. A draft whose permissions cannot expand (an unknown preset) keeps the
// last rules that could. Nil for a broken file.
func (m *EditorModel) Persona() *personas.Persona { return m.persona }

// Dirty reports whether the draft differs from the persona as loaded.
func (m *EditorModel) Dirty() bool { return m.orig != nil && !m.draft.equal(m.base) }

// OnChange adds a listener called after every change of the draft or of the conflict state.
func (m *EditorModel) OnChange(f func()) { m.listeners = append(m.listeners, f) }

func (m *EditorModel) changed() {
	m.rebuild()
	for _, f := range m.listeners {
		f()
	}
}

// Update changes the draft with f and tells the listeners when something changed. It does
// nothing on a read-only model.
func (m *EditorModel) Update(f func(d *Draft)) {
	if m.ReadOnly() {
		return
	}
	before := m.draft.clone()
	f(&m.draft)
	if m.draft.equal(before) && slices.Equal(m.draft.Rules, before.Rules) {
		return
	}
	m.changed()
}

// Revert drops every unsaved edit.
func (m *EditorModel) Revert() {
	if m.orig == nil {
		return
	}
	m.draft = m.base.clone()
	m.changed()
}

// rebuild recomputes Persona from the draft.
func (m *EditorModel) rebuild() {
	if m.orig == nil {
		return
	}
	p := *m.orig
	d := m.draft
	p.Name, p.Description, p.Type = d.Name, d.Description, d.Type
	p.Icon, p.Color, p.Hidden, p.Prompt = d.Icon, d.Color, d.Hidden, d.Prompt
	p.Steps = 0
	if n, err := strconv.Atoi(d.Steps); err == nil && n > 0 {
		p.Steps = n
	}
	p.Form, p.Preset, p.Legacy = d.Form, d.Preset, d.Legacy
	if rs, ok := m.rules(); ok {
		p.Rules = rs
	} else if m.persona != nil {
		p.Rules = m.persona.Rules
	}
	m.persona = &p
}

// rules are the engine rules of the draft, with sources: file lines for rows read from the
// file, the file alone for new rows, the preset for a preset or legacy list.
func (m *EditorModel) rules() (engine.Ruleset, bool) {
	d := m.draft
	switch d.Form {
	case personas.FormPreset:
		rs, err := builtin.Preset(d.Preset)
		return rs, err == nil
	case personas.FormLegacy:
		rs, err := builtin.Legacy(d.Legacy)
		return rs, err == nil
	}
	src := engine.Source{Kind: engine.FromFile, Name: m.path}
	if m.orig.Scope == personas.ScopeBuiltin {
		src = engine.Source{Kind: engine.FromBuiltin, Name: m.orig.Name}
	}
	rs := make(engine.Ruleset, len(d.Rules))
	for i, row := range d.Rules {
		rs[i] = row.Rule()
		rs[i].Source = src
		rs[i].Source.Line = row.Line
	}
	return rs, true
}

// ConvertToRules turns a preset or legacy list into the rule map it stands for, so that the
// rules can be edited one by one. It is explicit because it changes how the file reads.
func (m *EditorModel) ConvertToRules() {
	if m.draft.Form == personas.FormRules {
		return
	}
	rs, ok := m.rules()
	if !ok {
		return
	}
	m.Update(func(d *Draft) {
		d.Form = personas.FormRules
		d.Rules = rowsOf(rs)
		for i := range d.Rules {
			d.Rules[i].Line = 0 // new rows: they were never on a line of this file
		}
	})
}

// catalogReloaded tells the model the catalog was read again: a clean model follows the file,
// a dirty one whose file changed gets a conflict.
func (m *EditorModel) catalogReloaded(c *personas.Catalog) {
	if m.orig == nil {
		return
	}
	p, ok := c.Lookup(m.orig.Name)
	if !ok || p.Path != m.orig.Path {
		if m.Dirty() {
			m.setConflict(ConflictDeleted)
		}
		return
	}
	if m.Dirty() && !samePersona(p, m.orig) {
		m.setConflict(ConflictChanged)
	}
}

func isMarkdown(path string) bool {
	return len(path) > 3 && path[len(path)-3:] == ".md"
}
