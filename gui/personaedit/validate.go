package personaedit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
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
// Save; warnings do not.
type FieldError struct {
	Field   string
	Row     int // the rules row for FieldRules, else -1
	Warning bool
	Message string
}

func (e FieldError) Error() string {
	if e.Field == FieldRules && e.Row >= 0 {
		return fmt.Sprintf("rule %d: %s", e.Row+1, e.Message)
	}
	return e.Field + ": " + e.Message
}

// Validate checks the draft the way the file will be read back (docs/rules.md), so that
// Save never writes a file that then fails to load.
func (m *Model) Validate() []FieldError {
	if m.orig == nil {
		return nil
	}
	d := m.draft
	var out []FieldError
	add := func(field string, warn bool, format string, a ...any) {
		out = append(out, FieldError{Field: field, Row: -1, Warning: warn, Message: fmt.Sprintf(format, a...)})
	}
	switch {
	case d.Name == "":
		add(FieldName, false, "a persona needs a name")
	case !personas.ValidName(d.Name):
		add(FieldName, false, "use lower-case letters, digits, - and _, starting with a letter or digit")
	case d.Name != m.orig.Name && m.nameTaken(d.Name):
		add(FieldName, false, "another %s persona is already named %s", m.orig.Scope, d.Name)
	}
	if strings.TrimSpace(d.Description) == "" {
		add(FieldDescription, false, "a persona needs a description: it is how agents and people pick it")
	}
	if d.Type != personas.TypePrimary && d.Type != personas.TypeSubagent {
		add(FieldType, false, "choose primary or subagent")
	}
	if c := strings.TrimSpace(d.Color); c != "" && !personas.IsColor(c) {
		add(FieldColor, true, "%q is not a theme token (%s); pi will ignore it", d.Color, strings.Join(personas.Colors, ", "))
	}
	if strings.ContainsAny(d.Icon, "\n\r") {
		add(FieldIcon, false, "an icon is one short glyph, on one line")
	}
	if d.Steps != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(d.Steps)); err != nil || n <= 0 {
			add(FieldSteps, false, "steps is a whole number above zero, or empty for no budget")
		}
	}
	switch d.Form {
	case personas.FormPreset:
		if !builtin.IsPreset(d.Preset) {
			add(FieldPreset, false, "choose a preset: %s", strings.Join(builtin.Presets, ", "))
		}
	case personas.FormLegacy:
		for _, w := range d.Legacy {
			if !slices.Contains(builtin.LegacyWords, strings.ToLower(w)) {
				add(FieldLegacy, false, "unknown legacy word %q; expected %s", w, strings.Join(builtin.LegacyWords, ", "))
			}
		}
	case personas.FormRules:
		out = append(out, validateRows(d.Rules)...)
	}
	return out
}

// validateRows checks every rule row: a permission key, an action, and a reason only on deny.
func validateRows(rows []RuleRow) []FieldError {
	var out []FieldError
	for i, r := range rows {
		bad := func(format string, a ...any) {
			out = append(out, FieldError{Field: FieldRules, Row: i, Message: fmt.Sprintf(format, a...)})
		}
		if strings.TrimSpace(r.Permission) == "" {
			bad("choose a permission key, or * for every tool")
		}
		if r.Pattern == "" {
			bad("the pattern is empty; use * to match every value")
		}
		if _, err := engine.ParseAction(string(r.Action)); err != nil {
			bad("choose allow, ask or deny")
		}
		if r.Reason != "" && r.Action != engine.Deny {
			bad("a reason is only shown on deny; clear it or make the rule deny")
		}
	}
	return append(out, validateGroups(rows)...)
}

// validateGroups checks what the rule map form can hold: a YAML map names each key once, so
// the rows of one permission key must stand together, and each of its patterns once.
func validateGroups(rows []RuleRow) []FieldError {
	var out []FieldError
	lastRow := map[string]int{}
	seen := map[[2]string]int{}
	for i, r := range rows {
		if j, ok := lastRow[r.Permission]; ok && j != i-1 {
			out = append(out, FieldError{Field: FieldRules, Row: i, Message: fmt.Sprintf(
				"the rules for %s must stand together (the file writes them as one map); move this row next to row %d", r.Permission, j+1)})
		}
		lastRow[r.Permission] = i
		k := [2]string{r.Permission, r.Pattern}
		if j, ok := seen[k]; ok {
			out = append(out, FieldError{Field: FieldRules, Row: i, Message: fmt.Sprintf(
				"row %d already has %s %q; a file holds each pattern of a key once: delete one", j+1, r.Permission, r.Pattern)})
		}
		seen[k] = i
	}
	return out
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

// nameTaken reports whether another persona of the same scope uses name.
func (m *Model) nameTaken(name string) bool {
	if m.catalog == nil {
		return false
	}
	p, ok := m.catalog.Lookup(name)
	return ok && p.Scope == m.orig.Scope
}
