package personaedit

import (
	"slices"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// The rules table edits the draft's rows through these operations. Each one keeps the selected
// row on the rule it acted on, and does nothing unless the permissions are a rule map (a preset
// or legacy list is converted explicitly first).

// SelectedRule is the selected row of the rules table, -1 for none.
func (m *Model) SelectedRule() int {
	if m.selRule >= len(m.draft.Rules) {
		return -1
	}
	return m.selRule
}

// SelectRule selects row i (-1 for none).
func (m *Model) SelectRule(i int) {
	if i < -1 || i >= len(m.draft.Rules) {
		i = -1
	}
	if i == m.selRule {
		return
	}
	m.selRule = i
	for _, f := range m.listeners {
		f()
	}
}

// editRules applies f to the rows when the draft is an editable rule map.
func (m *Model) editRules(f func(rows []RuleRow) ([]RuleRow, int)) {
	if m.ReadOnly() || m.draft.Form != personas.FormRules {
		return
	}
	m.Update(func(d *Draft) { d.Rules, m.selRule = f(d.Rules) })
}

// newRow is the row Add and Insert start from: asks for every shell command, the safest
// useful start; the person then narrows it.
func newRow() RuleRow { return RuleRow{Permission: "bash", Pattern: "*", Action: engine.Ask} }

// AddRule appends a new row and selects it.
func (m *Model) AddRule() {
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) { return append(rows, newRow()), len(rows) })
}

// InsertRule inserts a new row before the selected one (at the top when none is selected).
func (m *Model) InsertRule() {
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
		at := max(m.SelectedRule(), 0)
		return slices.Insert(rows, at, newRow()), at
	})
}

// DuplicateRule puts a copy of the selected row right after it.
func (m *Model) DuplicateRule() {
	i := m.SelectedRule()
	if i < 0 {
		return
	}
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
		dup := rows[i]
		dup.Line = 0
		return slices.Insert(rows, i+1, dup), i + 1
	})
}

// DeleteRule removes the selected row; the row after it (or before, at the end) is selected.
func (m *Model) DeleteRule() {
	i := m.SelectedRule()
	if i < 0 {
		return
	}
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
		rows = slices.Delete(rows, i, i+1)
		return rows, min(i, len(rows)-1)
	})
}

// MoveRule moves the selected row up (delta -1) or down (+1); order is meaning, the last
// matching rule wins.
func (m *Model) MoveRule(delta int) {
	i := m.SelectedRule()
	j := i + delta
	if i < 0 || j < 0 || j >= len(m.draft.Rules) {
		return
	}
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
		rows[i], rows[j] = rows[j], rows[i]
		return rows, j
	})
}

// SetRule replaces row i.
func (m *Model) SetRule(i int, r RuleRow) {
	if i < 0 || i >= len(m.draft.Rules) {
		return
	}
	m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
		r.Line = rows[i].Line
		rows[i] = r
		return rows, m.selRule
	})
}

// CoveredTools lists the known tools (plus extra ones) whose permission key matches the
// permission pattern: what a rule with that key can decide. A key that is no known tool's
// stands for the tool of the same name, as the mapping says.
func CoveredTools(permission string, extra ...string) []string {
	var out []string
	p := engine.CompilePattern(permission, engine.PatternOptions{})
	for _, t := range mapping.KnownTools(extra...) {
		if p.Match(mapping.KeyForTool(t)) {
			out = append(out, t)
		}
	}
	if len(out) == 0 && permission != "" && !hasWildcard(permission) {
		out = mapping.ToolsForKey(permission)
	}
	return out
}

func hasWildcard(s string) bool {
	for _, r := range s {
		if r == '*' || r == '?' {
			return true
		}
	}
	return false
}

// PermissionKeys are the keys offered in the rules table: every tool, then each mapping family.
func PermissionKeys() []string {
	keys := []string{"*"}
	for _, f := range mapping.Families() {
		keys = append(keys, f.Key)
	}
	for _, k := range mapping.OtherKeys() {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}
