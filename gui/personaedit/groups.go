package personaedit

import (
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// The simple editor: a checklist of tool groups, each allowed, asked or denied as a whole. It
// writes ordinary rules (one catch-all rule per permission key of the group) so the file stays
// what the rules table and every runtime read; it never reorders or drops a rule a person wrote.

// ToolGroup is a set of permission keys the simple editor decides together.
type ToolGroup struct {
	Name string   // shown in the checklist
	Keys []string // permission keys, a key may be a pattern (mcp__*)
}

// ToolGroups are the groups of the simple editor, in the order it shows them.
func ToolGroups() []ToolGroup {
	return []ToolGroup{
		{Name: "Read", Keys: []string{"read", "grep", "glob", "list"}},
		{Name: "Edit", Keys: []string{"edit"}},
		{Name: "Shell", Keys: []string{"bash"}},
		{Name: "Web", Keys: []string{"websearch", "webfetch"}},
		{Name: "MCP", Keys: []string{"mcp__*", "mcp"}},
		{Name: "Subagents", Keys: []string{"task"}},
		{Name: "Skills", Keys: []string{"skill"}},
	}
}

// GroupMixed is the state of a group whose rules decide its calls differently: some keys or
// some values allowed, others not. The checklist shows it as "as the rules say".
const GroupMixed engine.Action = ""

// GroupState is what a group's rules decide now.
type GroupState struct {
	Group  ToolGroup
	Action engine.Action // allow, ask, deny, or GroupMixed
}

// Groups is the state of every tool group under the rows.
func Groups(rows []RuleRow) []GroupState {
	var out []GroupState
	for _, g := range ToolGroups() {
		out = append(out, GroupState{Group: g, Action: groupAction(rows, g)})
	}
	return out
}

// groupAction is the one action every key of g gets for every value, or GroupMixed.
func groupAction(rows []RuleRow, g ToolGroup) engine.Action {
	var got engine.Action
	for i, k := range g.Keys {
		a := keyAction(rows, k)
		if a == GroupMixed || i > 0 && a != got {
			return GroupMixed
		}
		got = a
	}
	return got
}

// keyAction is the action of the last rule that touches key when that rule covers all of it
// (its key matches and its pattern is a catch-all); a later narrower rule, or one for a part of
// a pattern key (mcp__github__* under mcp__*), makes the key mixed. With no rule at all the
// engine asks, so the key is asked.
func keyAction(rows []RuleRow, key string) engine.Action {
	i := lastTouching(rows, key)
	if i < 0 {
		return engine.Ask
	}
	if covers(rows[i], key) {
		return rows[i].Action
	}
	return GroupMixed
}

// lastTouching is the index of the last row whose key matches key or, for a pattern key, falls
// under it; -1 for none.
func lastTouching(rows []RuleRow, key string) int {
	for i := len(rows) - 1; i >= 0; i-- {
		if touches(rows[i].Permission, key) {
			return i
		}
	}
	return -1
}

func touches(permission, key string) bool {
	return engine.Match(permission, key) || hasWildcard(key) && engine.Match(key, permission)
}

// covers reports whether r decides every call of key the same: its key takes in all of key and
// its pattern every value.
func covers(r RuleRow, key string) bool {
	return engine.Match(r.Permission, key) && engine.IsCatchAll(r.Pattern)
}

// SetGroup makes the group named name decide a for every call: for each key, the last rule
// touching it is rewritten when it is the key's own catch-all rule, else a catch-all rule for
// the key is appended, so the last match gives a. Earlier rules stay as they are, in order.
// Nothing happens unless the permissions are an editable rule map, or for an unknown group or
// action.
func (m *Model) SetGroup(name string, a engine.Action) {
	g, ok := groupNamed(name)
	if !ok || a == GroupMixed {
		return
	}
	if _, err := engine.ParseAction(string(a)); err != nil {
		return
	}
	if m.ReadOnly() || m.draft.Form != personas.FormRules || groupAction(m.draft.Rules, g) == a {
		return
	}
	m.Update(func(d *Draft) { d.Rules = setGroup(d.Rules, g, a) })
}

// setGroup is SetGroup on rows; it returns the new rows.
func setGroup(rows []RuleRow, g ToolGroup, a engine.Action) []RuleRow {
	for _, k := range g.Keys {
		if keyAction(rows, k) == a {
			continue
		}
		if i := lastTouching(rows, k); i >= 0 && rows[i].Permission == k && engine.IsCatchAll(rows[i].Pattern) {
			rows[i].Action = a
			continue
		}
		rows = append(rows, RuleRow{Permission: k, Pattern: "*", Action: a})
	}
	return rows
}

func groupNamed(name string) (ToolGroup, bool) {
	for _, g := range ToolGroups() {
		if g.Name == name {
			return g, true
		}
	}
	return ToolGroup{}, false
}
