package personaedit

import (
	"bytes"

	"github.com/agentmgr/agentmgr/personas"
)

// FieldSource names the problems of text typed in the Source tab that does not read as a
// persona (yet): Save is refused until it does.
const FieldSource = "source"

// sourceEdit is the file's text as typed in the Source tab. While it reads as a persona, the
// draft is what it says (the other tabs follow it) and field edits made after it apply on top
// of it, so its comments and layout stay; while it does not, it is kept as typed, with the
// reader's problems, and Save is refused.
type sourceEdit struct {
	text  []byte
	base  Draft              // the draft of text, when it reads
	probs []personas.Problem // the reader's errors, when it does not
}

// Source is the file's text as the Source tab shows it: what Save would write, or the text as
// typed while it does not read.
func (m *Model) Source() string {
	if m.src != nil && len(m.src.probs) > 0 {
		return string(m.src.text)
	}
	if data, err := m.Bytes(); err == nil {
		return string(data)
	}
	return string(m.loaded)
}

// SetSource makes text, the whole file as typed in the Source tab, the persona being edited:
// Save then writes exactly that text (atomically, refused if the file changed on disk since it
// was read). Text that does not read as a persona is kept with its problems (Validate gives
// them, with line and column, as FieldSource errors) and blocks Save until it reads.
func (m *Model) SetSource(text string) {
	if m.ReadOnly() || text == m.Source() {
		return
	}
	data := []byte(text)
	before, beforeSrc := m.draft.clone(), m.src
	p, probs := personas.Parse(m.path, data, m.orig.Scope)
	if errs := personas.Errors(probs); p == nil || len(errs) > 0 {
		// Text that does not read is an edit Undo takes back too.
		m.src = &sourceEdit{text: data, probs: errs}
		m.record(before, beforeSrc, FieldSource)
		m.changed()
		return
	}
	m.src = &sourceEdit{text: data, base: draftOf(p)}
	m.draft = m.src.base.clone()
	m.record(before, beforeSrc, FieldSource)
	m.changed()
}

// SourceProblems are the reader's errors with the text typed in the Source tab; nil while it
// reads (or was not edited).
func (m *Model) SourceProblems() []personas.Problem {
	if m.src == nil {
		return nil
	}
	return m.src.probs
}

// sourceDirty reports whether the typed text differs from the file as read.
func (m *Model) sourceDirty() bool {
	return m.src != nil && (len(m.src.probs) > 0 || !bytes.Equal(m.src.text, m.loaded))
}

// renderBase is the text the draft's edits apply to and the draft of that text: the file as
// read, or the text typed in the Source tab.
func (m *Model) renderBase() ([]byte, Draft) {
	if m.src != nil && len(m.src.probs) == 0 {
		return m.src.text, m.src.base
	}
	return m.loaded, m.base
}

// sourceErrors are the typed text's problems as field errors.
func (m *Model) sourceErrors() []FieldError {
	var out []FieldError
	for _, p := range m.src.probs {
		out = append(out, FieldError{Field: FieldSource, Row: -1, Message: p.Message, Line: p.Line, Col: p.Col})
	}
	return out
}

// saveSource writes the text Save would write when it was typed in the Source tab: the
// personas writer edits a document field by field, and this text may change anything
// (comments, order), so it is written whole, under the same check that the file on disk is
// still the text that was read.
func (m *Model) saveSource() error {
	return m.writeWhole(m.exists, func(cur []byte, exists bool) bool {
		return exists == m.exists && (!exists || bytes.Equal(cur, m.loaded))
	})
}
