package personaedit

import "strings"

// RuleChange says how a rule of the draft differs from the file as read.
type RuleChange int

// The kinds of change of one rule.
const (
	RuleSaved   RuleChange = iota // as in the file
	RuleNew                       // added in the editor (or read from text typed since)
	RuleChanged                   // read from the file, then edited
)

// baseRule is the rule of the file as read that row r came from, by the line it was read from.
func (m *Model) baseRule(r RuleRow) (RuleRow, bool) {
	if r.Line == 0 {
		return RuleRow{}, false
	}
	for _, b := range m.base.Rules {
		if b.Line == r.Line {
			return b, true
		}
	}
	return RuleRow{}, false
}

// RuleChange says whether rule i is as saved, new, or changed since the file was read: the
// per-rule "modified" marker, as settings editors mark a setting changed from its default.
func (m *Model) RuleChange(i int) RuleChange {
	if i < 0 || i >= len(m.draft.Rules) {
		return RuleSaved
	}
	r := m.draft.Rules[i]
	b, ok := m.baseRule(r)
	switch {
	case !ok:
		return RuleNew
	case !b.SameRule(r):
		return RuleChanged
	}
	return RuleSaved
}

// ResetRule takes rule i back to the file as read: a changed rule gets its saved key, pattern,
// action and reason again, a new one is removed. One undoable edit, like any other.
func (m *Model) ResetRule(i int) {
	switch m.RuleChange(i) {
	case RuleChanged:
		b, _ := m.baseRule(m.draft.Rules[i])
		m.SetRule(i, b)
	case RuleNew:
		m.editRules(func(rows []RuleRow) ([]RuleRow, int) {
			rows = append(rows[:i:i], rows[i+1:]...)
			return rows, min(i, len(rows)-1)
		})
	}
}

// RuleShown reports whether rule i passes the Rules tab's filter: query found in its key,
// pattern or reason (any case; empty matches all), and changed since the file was read when
// modifiedOnly.
func (m *Model) RuleShown(i int, query string, modifiedOnly bool) bool {
	if i < 0 || i >= len(m.draft.Rules) {
		return false
	}
	if modifiedOnly && m.RuleChange(i) == RuleSaved {
		return false
	}
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return true
	}
	r := m.draft.Rules[i]
	for _, s := range []string{r.Permission, r.Pattern, string(r.Action), r.Reason} {
		if strings.Contains(strings.ToLower(s), q) {
			return true
		}
	}
	return false
}
