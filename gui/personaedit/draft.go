package personaedit

import (
	"slices"
	"strconv"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Draft is a persona as the editor holds it: every field a person can change, as typed.
type Draft struct {
	Name        string
	Description string
	Type        string // personas.TypePrimary or personas.TypeSubagent
	Icon        string
	Color       string
	Hidden      bool
	Steps       string // as typed: "" or a positive whole number
	Prompt      string

	Form   personas.Form
	Preset string   // FormPreset
	Legacy []string // FormLegacy
	Rules  []RuleRow

	// Examples are the examples block: the loaded ones, then those added in the editor.
	Examples []personas.Example
}

// RuleRow is one row of the rules table.
type RuleRow struct {
	Permission string
	Pattern    string
	Action     engine.Action
	Reason     string // shown to the agent on deny
	// NoEffects keeps the rule to its pattern, not its effect family (effects: false).
	NoEffects bool
	// Line is the file line the rule was read from, 0 for a row added in the editor.
	Line int
}

// Rule is the row as an engine rule (without a source).
func (r RuleRow) Rule() engine.Rule {
	return engine.Rule{Permission: r.Permission, Pattern: r.Pattern, Action: r.Action, Reason: r.Reason, NoEffects: r.NoEffects}
}

// SameRule reports whether two rows decide the same; the file line does not count.
func (r RuleRow) SameRule(o RuleRow) bool {
	return r.Permission == o.Permission && r.Pattern == o.Pattern && r.Action == o.Action && r.Reason == o.Reason && r.NoEffects == o.NoEffects
}

// draftOf is the draft of a loaded persona. The rules of a rule map become rows; a preset or a
// legacy list keeps its form and shows the rules it expands to, read-only until converted.
func draftOf(p *personas.Persona) Draft {
	d := Draft{
		Name: p.Name, Description: p.Description, Type: p.Type, Icon: p.Icon, Color: p.Color,
		Hidden: p.Hidden, Prompt: p.Prompt, Form: p.Form, Preset: p.Preset,
		Legacy: slices.Clone(p.Legacy),
	}
	if d.Type == "" {
		d.Type = personas.TypePrimary
	}
	if p.Steps > 0 {
		d.Steps = strconv.Itoa(p.Steps)
	}
	d.Rules = rowsOf(p.Rules)
	d.Examples = slices.Clone(p.Examples)
	return d
}

// rowsOf turns rules into table rows, keeping file lines.
func rowsOf(rs engine.Ruleset) []RuleRow {
	rows := make([]RuleRow, len(rs))
	for i, r := range rs {
		rows[i] = RuleRow{Permission: r.Permission, Pattern: r.Pattern, Action: r.Action, Reason: r.Reason, NoEffects: r.NoEffects}
		if r.Source.Kind == engine.FromFile || r.Source.Kind == engine.FromBuiltin {
			rows[i].Line = r.Source.Line
		}
	}
	return rows
}

// equal reports whether two drafts would write the same persona.
func (d Draft) equal(o Draft) bool {
	return d.Name == o.Name && d.Description == o.Description && d.Type == o.Type && d.Icon == o.Icon &&
		d.Color == o.Color && d.Hidden == o.Hidden && d.Steps == o.Steps && d.Prompt == o.Prompt &&
		permsEqual(d, o) && slices.EqualFunc(d.Examples, o.Examples, sameExample)
}

// sameExample reports whether two examples expect the same of the same call, wherever each is
// written.
func sameExample(a, b personas.Example) bool {
	return a.Expect == b.Expect && a.Tool == b.Tool && a.Value == b.Value
}

// permsEqual reports whether two drafts give the same permissions, in the same form.
func permsEqual(d, o Draft) bool {
	if d.Form != o.Form {
		return false
	}
	switch d.Form {
	case personas.FormPreset:
		return d.Preset == o.Preset
	case personas.FormLegacy:
		return slices.Equal(d.Legacy, o.Legacy)
	}
	return slices.EqualFunc(d.Rules, o.Rules, RuleRow.SameRule)
}

// clone is a deep copy, so that a model never shares slices with the drafts it hands out.
func (d Draft) clone() Draft {
	d.Legacy = slices.Clone(d.Legacy)
	d.Rules = slices.Clone(d.Rules)
	d.Examples = slices.Clone(d.Examples)
	return d
}
