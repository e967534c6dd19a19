package personaedit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/unidiff"
	"github.com/agentmgr/agentmgr/personas"
)

// Errors of Save that the window answers with a question rather than a message.
var (
	// ErrNeedsConfirmation: the person chose "keep mine" over a change on disk; Save(true)
	// writes after they confirmed a second time.
	ErrNeedsConfirmation = errors.New("the file changed on disk; confirm to write your version over it")
	// ErrUnresolvedConflict: the file changed on disk and the person has not chosen between
	// reloading and keeping their edits.
	ErrUnresolvedConflict = errors.New("the file changed on disk; choose \"Reload from disk\" or \"Keep mine\" first")
)

// render applies the draft's edits to the loaded text, as Save would.
func (m *Model) render() (*personas.Document, error) {
	if m.rendered.valid && m.rendered.version == m.version {
		return m.rendered.doc, m.rendered.err
	}
	text, base := m.renderBase()
	doc, err := personas.NewDocument(m.path, text, m.orig.Scope)
	if err == nil {
		// The text is rendered even when the reader would refuse it: Validate parses it for
		// the reader's problems, and the File tab shows what is wrong where.
		doc.AllowInvalid()
		err = applyDraft(doc, base, m.draft)
	}
	if err != nil {
		doc = nil
	}
	m.rendered.valid, m.rendered.version, m.rendered.doc, m.rendered.err = true, m.version, doc, err
	return doc, err
}

// Bytes is the text Save would write: the loaded file with the draft's edits.
func (m *Model) Bytes() ([]byte, error) {
	if m.ReadOnly() {
		return nil, errors.New("this persona is read-only")
	}
	doc, err := m.render()
	if err != nil {
		return nil, err
	}
	return doc.Bytes(), nil
}

// Diff is the unified diff of what Save will write, "" when it would write nothing. The error
// says why the draft cannot be written (an edit the file cannot hold).
func (m *Model) Diff() (string, error) {
	if m.ReadOnly() {
		return "", nil
	}
	data, err := m.Bytes()
	if err != nil {
		return "", err
	}
	from, was := m.path, m.loaded
	switch {
	case m.overwrite:
		// Save replaces the file whole: show what goes, the text on disk that does not read.
		from, was = m.path+" (on disk, does not read)", m.disk
	case !m.exists:
		from = "/dev/null"
	}
	return unidiff.Diff(from, m.path, was, data), nil
}

// Overwrites reports whether Save will replace the file whole: "keep mine" was chosen over a
// version on disk that no longer reads as a persona. The disk's text is then kept in
// BackupPath.
func (m *Model) Overwrites() bool { return m.overwrite }

// BackupPath is where Save keeps the text it replaces when it Overwrites.
func (m *Model) BackupPath() string { return personas.BackupPath(m.path) }

// SaveQuestion is the question to ask before Save(true) after "keep mine": what exactly will
// be written over.
func (m *Model) SaveQuestion() (title, message string) {
	switch {
	case m.overwrite:
		why := "it has errors"
		if _, probs := personas.Parse(m.path, m.disk, m.orig.Scope); len(personas.Errors(probs)) > 0 {
			why = personas.Errors(probs)[0].Error()
		}
		return "Replace the file that no longer reads?",
			"The file on disk was changed by another program and no longer reads as a persona (" + why + "). " +
				"Save replaces it with your version; its text is kept in " + filepath.Base(m.BackupPath()) + " next to it. " +
				"The File tab shows the difference."
	case !m.exists:
		return "Write the deleted file again?", "The file was deleted on disk after you opened it. Save writes it again with your changes."
	}
	return "Write your version?", "The file changed on disk after you opened it. " + m.kept.Describe() + " The File tab shows the difference."
}

// CanSave reports whether Save would write: there are edits, they are valid, and the file can
// hold them.
func (m *Model) CanSave() bool {
	if m.ReadOnly() || !m.Dirty() || len(m.Errors()) > 0 {
		return false
	}
	_, err := m.render()
	return err == nil
}

// Save writes the draft to the persona's file. It refuses invalid drafts, and when the file
// changed on disk since it was loaded (the model then shows the conflict); after "keep mine" it
// needs confirmed. After a save the model holds the file as written and is clean.
func (m *Model) Save(confirmed bool) error {
	if m.ReadOnly() || !m.Dirty() {
		return nil
	}
	if errs := m.Errors(); len(errs) > 0 {
		return fmt.Errorf("%s was not saved: %w", m.path, errs[0])
	}
	switch {
	case m.conflict == ConflictChanged || m.conflict == ConflictDeleted:
		return ErrUnresolvedConflict
	case m.conflict == ConflictKeptMine && !confirmed:
		return ErrNeedsConfirmation
	}
	if m.overwrite {
		return m.overwriteFile()
	}
	if m.src != nil {
		return m.saveSource()
	}
	doc, err := m.target()
	if err != nil {
		return err
	}
	if err := applyDraft(doc, m.base, m.draft); err != nil {
		return fmt.Errorf("%s was not saved: %w", m.path, err)
	}
	if _, err := doc.Save(); err != nil {
		if errors.Is(err, personas.ErrChangedOnDisk) {
			m.checkDisk()
		}
		return err
	}
	m.saved(doc.Bytes())
	return nil
}

// target is the document Save edits: the file as on disk, which must be the text the draft's
// edits were made against; or, for a file that is gone, a new file from that text.
func (m *Model) target() (*personas.Document, error) {
	if !m.exists {
		return personas.NewDocument(m.path, m.loaded, m.orig.Scope)
	}
	doc, err := personas.Open(m.path, m.orig.Scope)
	if err == nil && bytes.Equal(doc.Original(), m.loaded) {
		return doc, nil
	}
	m.checkDisk()
	if m.conflict == ConflictNone {
		// Open failed for another reason than a change (permissions, say): report it.
		return nil, err
	}
	return nil, fmt.Errorf("%s was not saved: %w", m.path, personas.ErrChangedOnDisk)
}

// checkDisk reads the file and records a conflict if it is not what the edits were made on.
func (m *Model) checkDisk() {
	data, err := readFile(m.path)
	exists := !errors.Is(err, fs.ErrNotExist)
	if err != nil && exists {
		return
	}
	if exists == m.exists && bytes.Equal(data, m.loaded) {
		return
	}
	if exists {
		m.setConflict(ConflictChanged, data, true)
	} else {
		m.setConflict(ConflictDeleted, nil, false)
	}
}

// overwriteFile replaces a file that no longer parses with the draft, keeping its mode and the
// other program's version in PATH.bak; only after "keep mine" and a second confirmation.
// Nothing of the text on disk survives in the draft: it is kept in PATH.bak, and only written
// over if it is still the text the person agreed to replace.
func (m *Model) overwriteFile() error {
	return m.writeWhole(true, func(cur []byte, exists bool) bool { return !exists || bytes.Equal(cur, m.disk) })
}

// writeWhole writes the draft's text over the file in one piece, after unchanged says the file
// on disk (cur, and whether it exists) is still the text it may replace; backup keeps that text
// in PATH.bak. A file changed since is left alone and the model shows the conflict.
func (m *Model) writeWhole(backup bool, unchanged func(cur []byte, exists bool) bool) error {
	data, err := m.Bytes()
	if err != nil {
		return fmt.Errorf("%s was not saved: %w", m.path, err)
	}
	var refused error
	opts := atomicfile.Options{Check: func(cur []byte, exists bool) error {
		if !unchanged(cur, exists) {
			refused = fmt.Errorf("%s was not saved: %w", m.path, personas.ErrChangedOnDisk)
		}
		return refused
	}}
	if backup {
		opts = personas.BackupOptions(m.path, opts)
	}
	if err := atomicfile.Replace(m.path, data, opts); err != nil {
		if refused != nil {
			m.checkDisk()
			return refused
		}
		return fmt.Errorf("%s was not saved: %w", m.path, err)
	}
	m.saved(data)
	return nil
}

// saved makes the written text the model's new starting point.
func (m *Model) saved(data []byte) {
	p, _ := personas.Parse(m.path, data, m.orig.Scope)
	if p != nil {
		m.orig = p
	}
	m.loaded, m.exists = data, true
	m.base = draftOf(m.orig)
	m.draft = m.base.clone()
	m.conflict, m.disk, m.overwrite = ConflictNone, nil, false
	m.src = nil
	m.changed()
}

// applyDraft makes doc say what draft says, changing only what differs from base, so that a
// field nobody touched keeps its text, comments and quoting. Text fields are written trimmed:
// the reader trims them, and a space typed last would otherwise be written quoted.
func applyDraft(doc *personas.Document, base, draft Draft) error {
	set := func(field, was, now string) error {
		now = strings.TrimSpace(now)
		if strings.TrimSpace(was) == now {
			return nil
		}
		if now == "" {
			return doc.Unset(field)
		}
		return doc.Set(field, now)
	}
	steps := []struct {
		field string // the editor field whose edit the step writes
		apply func() error
	}{
		{FieldName, func() error { return set("name", base.Name, draft.Name) }},
		{FieldDescription, func() error { return set("description", base.Description, draft.Description) }},
		{FieldType, func() error { return set("type", base.Type, draft.Type) }},
		{FieldIcon, func() error { return set("icon", base.Icon, draft.Icon) }},
		{FieldColor, func() error { return set("color", base.Color, draft.Color) }},
		{"", func() error {
			if base.Hidden == draft.Hidden {
				return nil
			}
			if !draft.Hidden {
				return doc.Unset("hidden")
			}
			return doc.Set("hidden", "true")
		}},
		{FieldSteps, func() error { return set("steps", base.Steps, draft.Steps) }},
		{"", func() error {
			if base.Prompt == draft.Prompt {
				return nil
			}
			return doc.SetPrompt(draft.Prompt)
		}},
		{permField(draft.Form), func() error { return applyPermissions(doc, base, draft) }},
		{"", func() error { return applyExamples(doc, base, draft) }},
	}
	for _, step := range steps {
		if err := step.apply(); err != nil {
			return &stepError{field: step.field, err: err}
		}
	}
	return nil
}

// stepError is an edit of one field that the file cannot hold.
type stepError struct {
	field string
	err   error
}

func (e *stepError) Error() string { return e.err.Error() }
func (e *stepError) Unwrap() error { return e.err }

// permFields are the editor fields that edit the permissions of the forms but rules.
var permFields = map[personas.Form]string{personas.FormPreset: FieldPreset, personas.FormLegacy: FieldLegacy}

// permField is the editor field that edits permissions of form f.
func permField(f personas.Form) string {
	if field, ok := permFields[f]; ok {
		return field
	}
	return FieldRules
}

// applyPermissions changes the permissions field: a new preset, the explicit conversion to a
// rule map, and then the rows of the rules table.
func applyPermissions(doc *personas.Document, base, draft Draft) error {
	switch draft.Form {
	case personas.FormPreset:
		if base.Form != personas.FormPreset || base.Preset != draft.Preset {
			return doc.SetPreset(draft.Preset)
		}
		return nil
	case personas.FormLegacy:
		if base.Form != personas.FormLegacy || !slices.Equal(base.Legacy, draft.Legacy) {
			return errors.New("a legacy list cannot be edited word by word; convert it to rules")
		}
		return nil
	}
	if base.Form != personas.FormRules {
		if err := doc.ExpandRules(); err != nil {
			return err
		}
	}
	if slices.EqualFunc(rowsOf(doc.Rules()), draft.Rules, RuleRow.SameRule) {
		return nil
	}
	rs := doc.Rules()[:0:0]
	for _, r := range draft.Rules {
		rs = append(rs, r.Rule())
	}
	return doc.SetRules(rs)
}

// readFile is os.ReadFile; a variable so that tests can fail reads.
var readFile = os.ReadFile

// applyExamples adds the examples the draft has and the loaded persona has not. The editor only
// ever adds examples; the block's other text is kept as it is.
func applyExamples(doc *personas.Document, base, draft Draft) error {
	for _, ex := range draft.Examples {
		if slices.ContainsFunc(base.Examples, func(b personas.Example) bool { return sameExample(b, ex) }) {
			continue
		}
		if err := doc.AddExample(ex.Expect, ex.String()); err != nil {
			return err
		}
	}
	return nil
}
