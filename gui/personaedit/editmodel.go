// Package personaedit is one persona open in the app's editor: the draft being changed, whether
// it is dirty and valid, what Save writes (losslessly, through the personas writer) and the
// conflict with a change on disk. It is plain Go, tested without a display.
package personaedit

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/personas"
)

// Model is one persona open in the editor: the persona as loaded, the draft the person
// is changing, whether it is dirty, what is wrong with it, what Save would write, and whether
// its file changed on disk meanwhile. It is plain Go (no widgets) so that all of this is
// tested without a display.
//
// A model for a file that failed to load holds only its problems and is read-only; so is a
// built-in or a persona of the legacy JSON file (there is no Markdown file to write).
type Model struct {
	orig  *personas.Persona // as loaded; nil for a broken file
	base  Draft             // the draft of orig: what "not dirty" means
	draft Draft

	catalog  *personas.Catalog // the catalog orig came from, for name checks
	path     string            // the file, "" for a built-in
	problems []personas.Problem

	// loaded is the text the draft's edits are applied to: the file as read, or after "keep
	// mine" the file as it is on disk now. exists is false when the file is gone.
	loaded []byte
	exists bool

	persona   *personas.Persona // draft applied to orig, rebuilt after every edit
	listeners []func()

	conflict Conflict
	// disk is what the file held when the conflict was seen; "keep mine" edits on top of it.
	disk       []byte
	diskExists bool
	overwrite  bool      // keep mine over a file that no longer parses: Save replaces it whole
	kept       MergePlan // what the last Keep mine took from each side; Save's question says it
	// undo and redo are the drafts Undo and Redo go back to; lastEdit is the text field the
	// last edit typed in (see record).
	undo, redo []undoStep
	lastEdit   string
	selRule    int         // selected row of the rules table, -1 for none
	src        *sourceEdit // the file's text as typed in the Source tab, nil when not edited

	// The rendered document is cached per version of the draft: the File tab, the Save
	// button and Save itself all ask for it after one edit.
	version  int
	rendered struct {
		valid   bool
		version int
		doc     *personas.Document
		err     error
	}
	// Validate's answer, per version of the draft.
	validated struct {
		valid   bool
		version int
		errs    []FieldError
	}
}

// OpenEditor opens the list item key (a persona name, or the path of a file that failed to
// load) of catalog c. A persona file is read again, so that the draft, the diff and the
// conflict check all start from the same bytes. It returns nil when c has no such item.
func OpenEditor(c *personas.Catalog, key string) *Model {
	p, ok := c.Lookup(key)
	if !ok {
		if probs := personalist.FileProblems(c, key); len(probs) > 0 {
			return NewBrokenModel(key, probs)
		}
		return nil
	}
	if p.Scope == personas.ScopeBuiltin || !isMarkdown(p.Path) {
		return newModel(p, c, nil)
	}
	data, err := readFile(p.Path)
	if err != nil {
		return NewBrokenModel(p.Path, []personas.Problem{{File: p.Path, Severity: personas.Error, Message: "cannot read the file: " + err.Error()}})
	}
	m, probs := NewFileModel(p.Path, data, p.Scope, c)
	if m == nil {
		return NewBrokenModel(p.Path, probs)
	}
	return m
}

// NewFileModel opens the persona file text data as read from path. It returns the problems
// instead when the text is not a valid persona.
func NewFileModel(path string, data []byte, scope personas.Scope, c *personas.Catalog) (*Model, []personas.Problem) {
	p, probs := personas.Parse(path, data, scope)
	if p == nil {
		return nil, personas.Errors(probs)
	}
	return newModel(p, c, data), nil
}

func newModel(p *personas.Persona, c *personas.Catalog, data []byte) *Model {
	m := &Model{orig: p, path: p.Path, catalog: c, selRule: -1, loaded: data, exists: data != nil}
	m.base = draftOf(p)
	m.draft = m.base.clone()
	m.persona = p
	return m
}

// NewBrokenModel opens a file that failed to load, read-only, with its problems.
func NewBrokenModel(path string, problems []personas.Problem) *Model {
	return &Model{path: path, problems: problems, selRule: -1}
}

// Original is the persona as loaded, nil for a broken file.
func (m *Model) Original() *personas.Persona { return m.orig }

// Path is the persona's file, "" for a built-in.
func (m *Model) Path() string { return m.path }

// Problems are the load errors of a broken file.
func (m *Model) Problems() []personas.Problem { return m.problems }

// Broken reports whether the file failed to load.
func (m *Model) Broken() bool { return m.orig == nil }

// ReadOnly reports whether the editor must not change this persona: a broken file, a built-in
// (it lives in the binary: customise it as a copy), or a persona of the legacy JSON file.
func (m *Model) ReadOnly() bool {
	return m.orig == nil || m.orig.Scope == personas.ScopeBuiltin || !isMarkdown(m.path)
}

// Draft returns a copy of the draft.
func (m *Model) Draft() Draft { return m.draft.clone() }

// Persona is the persona as edited: the draft applied to the loaded persona, with the rules it
// would have once saved. A draft whose permissions cannot expand (an unknown preset) keeps the
// last rules that could. Nil for a broken file.
func (m *Model) Persona() *personas.Persona { return m.persona }

// Dirty reports whether the draft differs from the persona as loaded.
func (m *Model) Dirty() bool { return m.orig != nil && (!m.draft.equal(m.base) || m.sourceDirty()) }

// OnChange adds a listener called after every change of the draft, the selected rule or the
// conflict state.
func (m *Model) OnChange(f func()) { m.listeners = append(m.listeners, f) }

func (m *Model) changed() {
	m.version++
	m.rebuild()
	m.notify()
}

func (m *Model) notify() {
	for _, f := range m.listeners {
		f()
	}
}

// Update changes the draft with f and tells the listeners when something changed. It does
// nothing on a read-only model.
func (m *Model) Update(f func(d *Draft)) {
	if m.ReadOnly() {
		return
	}
	before := m.draft.clone()
	f(&m.draft)
	if m.draft.equal(before) && slices.Equal(m.draft.Rules, before.Rules) {
		return
	}
	m.record(before, m.src, changedField(before, m.draft))
	m.changed()
}

// Revert drops every unsaved edit (and with them any conflict: there is nothing to keep).
func (m *Model) Revert() {
	if m.orig == nil {
		return
	}
	if m.Dirty() {
		m.record(m.draft.clone(), m.src, "")
	}
	m.draft = m.base.clone()
	m.src = nil
	if m.conflict == ConflictKeptMine {
		m.conflict = ConflictNone
	}
	m.changed()
}

// rebuild recomputes Persona from the draft.
func (m *Model) rebuild() {
	if m.orig == nil {
		return
	}
	p := *m.orig
	d := m.draft
	// Trimmed as the reader trims them, so that previews show what a save reads back as.
	p.Name, p.Description, p.Type = strings.TrimSpace(d.Name), strings.TrimSpace(d.Description), d.Type
	p.Icon, p.Color, p.Hidden, p.Prompt = strings.TrimSpace(d.Icon), strings.TrimSpace(d.Color), d.Hidden, d.Prompt
	p.Steps = 0
	if n, err := strconv.Atoi(strings.TrimSpace(d.Steps)); err == nil && n > 0 {
		p.Steps = n
	}
	p.Form, p.Preset, p.Legacy = d.Form, d.Preset, slices.Clone(d.Legacy)
	p.Examples = slices.Clone(d.Examples)
	if rs, ok := m.rules(); ok {
		p.Rules = rs
	} else if m.persona != nil {
		p.Rules = m.persona.Rules
	}
	m.persona = &p
}

// rules are the engine rules of the draft, with sources: file lines for rows read from the
// file, the file alone for new rows, the preset for a preset or legacy list.
func (m *Model) rules() (engine.Ruleset, bool) {
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
func (m *Model) ConvertToRules() {
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

// DiskChanged tells the model what its file holds now (exists false: the file is gone). It
// reports whether the model must be reopened: the file changed and there are no edits to keep.
// With edits, a change is a conflict the person resolves.
func (m *Model) DiskChanged(data []byte, exists bool) (reopen bool) {
	if m.ReadOnly() || m.orig == nil {
		return false
	}
	if exists == m.exists && bytes.Equal(data, m.loaded) {
		return false
	}
	if !m.Dirty() {
		return true
	}
	if exists {
		m.setConflict(ConflictChanged, data, true)
	} else {
		m.setConflict(ConflictDeleted, nil, false)
	}
	return false
}

func isMarkdown(path string) bool { return strings.HasSuffix(path, ".md") }
