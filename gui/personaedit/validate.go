package personaedit

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/personas"
)

// Fields of the draft, as FieldError names them.
const (
	FieldName        = "name"
	FieldDescription = "description"
	FieldType        = "type"
	FieldIcon        = "icon"
	FieldColor       = "color"
	FieldSteps       = "steps"
	FieldPreset      = "preset"
	FieldLegacy      = "legacy"
	FieldRules       = "rules"
)

// FieldError is a problem with one field of the draft, shown next to the field. Errors block
// Save; warnings do not. The message is the persona reader's, found in the text Save would
// write; Line and Col are where in that text (0 when the problem has no place).
type FieldError struct {
	Field   string // one of the Field constants; "" for a problem of no field the editor shows
	Row     int    // the rules row for FieldRules, else -1
	Warning bool
	Message string
	Line    int
	Col     int
}

// Error is the message with the line it is on, as the status bar shows it. (The writer's
// refusals of a rule name the rule themselves.)
func (e FieldError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d:%d: %s", e.Line, e.Col, e.Message)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return e.Message
}

// Validate is what is wrong with the draft: the problems the persona reader finds in the text
// Save would write (validity is the reader's alone, so Save never writes a file that then
// fails to load), each put on the field it names, and a name another persona of the scope
// already uses.
func (m *Model) Validate() []FieldError {
	if m.orig == nil {
		return nil
	}
	// Every field's message and the Save button ask after one edit: read the text once.
	if !m.validated.valid || m.validated.version != m.version {
		m.validated.valid, m.validated.version, m.validated.errs = true, m.version, m.validate()
	}
	return slices.Clone(m.validated.errs)
}

func (m *Model) validate() []FieldError {
	if m.src != nil && len(m.src.probs) > 0 {
		return m.sourceErrors()
	}
	var out []FieldError
	if doc, err := m.render(); err != nil {
		out = append(out, m.writeError(err))
	} else {
		_, probs := personas.Parse(m.path, doc.Bytes(), m.orig.Scope)
		for _, p := range probs {
			if p.Severity == personas.Info {
				continue
			}
			field, row := m.fieldOf(p.Field)
			out = append(out, FieldError{Field: field, Row: row, Warning: p.Severity == personas.Warning,
				Message: p.Message, Line: p.Line, Col: p.Col})
		}
	}
	if name := strings.TrimSpace(m.draft.Name); name != "" && name != m.orig.Name && m.nameTaken(name) {
		out = append(out, FieldError{Field: FieldName, Row: -1, Message: fmt.Sprintf("another %s persona is already named %s", m.orig.Scope, name)})
	}
	return out
}

// writeError places an edit the writer refused (the file cannot hold it) on its field.
func (m *Model) writeError(err error) FieldError {
	fe := FieldError{Row: -1, Message: err.Error()}
	var se *stepError
	if errors.As(err, &se) {
		fe.Field, fe.Message = se.field, se.err.Error()
	}
	var re *personas.RuleError
	if errors.As(err, &re) {
		fe.Field, fe.Row = FieldRules, re.Rule
	}
	return fe
}

// fieldOf is the editor field (and rules row) that shows a problem with the frontmatter key
// path path (personas.Problem.Field).
func (m *Model) fieldOf(path string) (field string, row int) {
	top, _, _ := strings.Cut(path, ".")
	top, _, _ = strings.Cut(top, "[")
	switch top {
	case "name", "description", "type", "icon", "color", "steps":
		return top, -1
	case "permissions", "permission":
	default:
		return "", -1
	}
	switch m.draft.Form {
	case personas.FormPreset:
		return FieldPreset, -1
	case personas.FormLegacy:
		return FieldLegacy, -1
	}
	return FieldRules, ruleRowOf(m.draft.Rules, top, path)
}

// ruleRowOf is the row a problem at key path path of the rule map at root is about: the row of
// that permission and pattern, or the permission's row written as `key: action`; -1 when no
// row is. A path that two rows share (a pattern written twice) is the later row's: the
// reader reports the repeat.
func ruleRowOf(rows []RuleRow, root, path string) int {
	best, bestScore := -1, 0
	for i, r := range rows {
		key := personas.FieldPath(root, r.Permission)
		pat := personas.FieldPath(key, r.Pattern)
		score := 0
		switch {
		case path == pat || strings.HasPrefix(path, pat+"."):
			score = 3
		case r.Pattern == "*" && (path == key || strings.HasPrefix(path, key+".")):
			score = 2
		case path == key:
			score = 1
		}
		if score >= bestScore && score > 0 {
			best, bestScore = i, score
		}
	}
	return best
}

// Errors are the problems that block Save.
func (m *Model) Errors() []FieldError {
	var out []FieldError
	for _, e := range m.Validate() {
		if !e.Warning {
			out = append(out, e)
		}
	}
	return out
}

// FieldMessage is the first problem of field (rules: of row), "" when it is fine.
func FieldMessage(errs []FieldError, field string, row int) string {
	for _, e := range errs {
		if e.Field == field && (field != FieldRules || e.Row == row) {
			return e.Message
		}
	}
	return ""
}

// nameTaken reports whether another persona of the same scope uses name. It is no matter of
// the file (which reads either way) but of the catalog: the other persona would hide this one.
func (m *Model) nameTaken(name string) bool {
	if m.catalog == nil {
		return false
	}
	p, ok := m.catalog.Lookup(name)
	return ok && p.Scope == m.orig.Scope
}
