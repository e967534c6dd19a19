package personaedit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/personas"
)

// MergePlan is what "Keep mine" does with a file that changed on disk under unsaved edits: what
// it keeps from each side, and what both sides changed differently. Rules are merged one by one
// (a rule is its permission key and pattern): a rule added or changed by another program
// survives next to a rule changed in the editor.
type MergePlan struct {
	Mine      []string        // what comes from your edits, as sentences
	Theirs    []string        // what comes from the file on disk
	Conflicts []MergeConflict // what both sides changed, differently
}

// MergeConflict is one thing both sides changed differently: a field or a rule, by name, with each
// side's value.
type MergeConflict struct {
	What         string // "description", `rule bash "git *"`
	Mine, Theirs string // each side's value ("removed" when a side deleted the rule)
}

// mergeResult is a merge's draft and its plan.
type mergeResult struct {
	draft Draft
	plan  MergePlan
}

// MergePlan is what Keep mine would keep from each side; ok is false when the file did not
// change on disk under edits, or no longer reads (then Keep mine replaces it whole).
func (m *Model) MergePlan() (MergePlan, bool) {
	if m.conflict != ConflictChanged || !m.diskExists {
		return MergePlan{}, false
	}
	p, _ := personas.Parse(m.path, m.disk, m.orig.Scope)
	if p == nil {
		return MergePlan{}, false
	}
	return merge(m.base, m.draft, draftOf(p), true).plan, true
}

// merge moves mine (edited from old) onto theirs (the file as it now is). Each field takes the
// side that changed it; a field both changed differently takes mine when mineWins, else theirs,
// and is listed as a conflict either way. Rules merge one by one.
func merge(old, mine, theirs Draft, mineWins bool) mergeResult {
	var r mergeResult
	nd := theirs.clone()
	field := func(name string, dst *string, mineV, oldV, theirV string) {
		mc, tc := mineV != oldV, theirV != oldV
		switch {
		case mc && tc && mineV != theirV:
			r.plan.Conflicts = append(r.plan.Conflicts, MergeConflict{What: name, Mine: quoteShort(mineV), Theirs: quoteShort(theirV)})
			if mineWins {
				*dst = mineV
			}
		case mc:
			*dst = mineV
			r.plan.Mine = append(r.plan.Mine, name)
		case tc:
			r.plan.Theirs = append(r.plan.Theirs, name)
		}
	}
	field("name", &nd.Name, mine.Name, old.Name, theirs.Name)
	field("description", &nd.Description, mine.Description, old.Description, theirs.Description)
	field("type", &nd.Type, mine.Type, old.Type, theirs.Type)
	field("icon", &nd.Icon, mine.Icon, old.Icon, theirs.Icon)
	field("colour", &nd.Color, mine.Color, old.Color, theirs.Color)
	field("steps", &nd.Steps, mine.Steps, old.Steps, theirs.Steps)
	field("prompt", &nd.Prompt, mine.Prompt, old.Prompt, theirs.Prompt)
	hidden := func(h bool) string { return fmt.Sprint(h) }
	h := hidden(nd.Hidden)
	field("hidden", &h, hidden(mine.Hidden), hidden(old.Hidden), hidden(theirs.Hidden))
	nd.Hidden = h == "true"
	if !slices.EqualFunc(mine.Examples, old.Examples, sameExample) {
		nd.Examples = slices.Clone(mine.Examples)
		r.plan.Mine = append(r.plan.Mine, "examples")
	}

	mc, tc := !permsEqual(mine, old), !permsEqual(theirs, old)
	allRules := mine.Form == personas.FormRules && theirs.Form == personas.FormRules && old.Form == personas.FormRules
	// describe says what one side did to the rules, rule by rule where all three are rule maps.
	describe := func(into *[]string) {
		if !allRules {
			*into = append(*into, "permissions")
			return
		}
		mergeRules(old.Rules, mine.Rules, theirs.Rules, mineWins, &r.plan)
	}
	switch {
	case !mc:
		if tc {
			describe(&r.plan.Theirs)
		}
	case !tc:
		// Only the editor changed the rules: they are taken whole, in the editor's order.
		nd.Form, nd.Preset, nd.Legacy, nd.Rules = mine.Form, mine.Preset, slices.Clone(mine.Legacy), slices.Clone(mine.Rules)
		describe(&r.plan.Mine)
	case allRules:
		nd.Rules = mergeRules(old.Rules, mine.Rules, theirs.Rules, mineWins, &r.plan)
	default:
		// The permissions changed form on one side: there is no rule to merge one by one.
		r.plan.Conflicts = append(r.plan.Conflicts, MergeConflict{What: "permissions", Mine: formName(mine), Theirs: formName(theirs)})
		if mineWins {
			nd.Form, nd.Preset, nd.Legacy, nd.Rules = mine.Form, mine.Preset, slices.Clone(mine.Legacy), slices.Clone(mine.Rules)
		}
	}
	r.draft = nd
	return r
}

// ruleID is what makes a rule the same rule on both sides: its key and pattern.
type ruleID struct{ perm, pattern string }

func idOf(r RuleRow) ruleID { return ruleID{r.Permission, r.Pattern} }

// ruleName names a rule for the person: `bash "git *"`.
func ruleName(r RuleRow) string { return fmt.Sprintf("rule %s %q", r.Permission, r.Pattern) }

// ruleValue is what a rule decides: "allow", `deny ("no secrets")`.
func ruleValue(r RuleRow) string {
	if r.Reason != "" {
		return fmt.Sprintf("%s (%q)", r.Action, r.Reason)
	}
	return string(r.Action)
}

// mergeRules merges the rule lists one rule at a time. The result keeps the file's order;
// a rule added in the editor goes after the rule it follows in the editor (first when none).
func mergeRules(old, mine, theirs []RuleRow, mineWins bool, plan *MergePlan) []RuleRow {
	index := func(rs []RuleRow) map[ruleID]RuleRow {
		m := make(map[ruleID]RuleRow, len(rs))
		for _, r := range rs {
			if _, dup := m[idOf(r)]; !dup {
				m[idOf(r)] = r
			}
		}
		return m
	}
	B, M, T := index(old), index(mine), index(theirs)
	conflict := func(r RuleRow, mineV, theirV string) {
		plan.Conflicts = append(plan.Conflicts, MergeConflict{What: ruleName(r), Mine: mineV, Theirs: theirV})
	}
	var out []RuleRow
	for _, t := range theirs {
		id := idOf(t)
		b, inB := B[id]
		mm, inM := M[id]
		switch {
		case !inB && inM && !mm.SameRule(t):
			conflict(t, ruleValue(mm), ruleValue(t))
			if mineWins {
				t = mm
			}
			out = append(out, t)
		case !inB:
			if !inM {
				plan.Theirs = append(plan.Theirs, "added "+ruleName(t)+": "+ruleValue(t))
			}
			out = append(out, t)
		case !inM && t.SameRule(b):
			plan.Mine = append(plan.Mine, "removed "+ruleName(t))
		case !inM:
			conflict(t, "removed", ruleValue(t))
			if !mineWins {
				out = append(out, t)
			}
		default:
			mChanged, tChanged := !mm.SameRule(b), !t.SameRule(b)
			switch {
			case mChanged && tChanged && !mm.SameRule(t):
				conflict(t, ruleValue(mm), ruleValue(t))
				if mineWins {
					t = mm
				}
			case mChanged:
				plan.Mine = append(plan.Mine, "changed "+ruleName(t)+" to "+ruleValue(mm))
				t = mm
			case tChanged:
				plan.Theirs = append(plan.Theirs, "changed "+ruleName(t)+" to "+ruleValue(t))
			}
			t.Line = 0
			if tt := T[id]; tt.SameRule(t) {
				t.Line = tt.Line
			}
			out = append(out, t)
		}
	}
	// Rules the file does not have: added in the editor, or removed by the other program.
	for i, mm := range mine {
		id := idOf(mm)
		if _, inT := T[id]; inT {
			continue
		}
		if b, inB := B[id]; inB {
			if mm.SameRule(b) {
				plan.Theirs = append(plan.Theirs, "removed "+ruleName(mm))
				continue
			}
			conflict(mm, ruleValue(mm), "removed")
			if !mineWins {
				continue
			}
		} else {
			plan.Mine = append(plan.Mine, "added "+ruleName(mm)+": "+ruleValue(mm))
		}
		at := 0
		for j := i - 1; j >= 0; j-- {
			if k := slices.IndexFunc(out, func(r RuleRow) bool { return idOf(r) == idOf(mine[j]) }); k >= 0 {
				at = k + 1
				break
			}
		}
		mm.Line = 0
		out = slices.Insert(out, at, mm)
	}
	return out
}

// formName says how a draft gives its permissions.
func formName(d Draft) string { return d.Form.Describe(d.Preset, len(d.Rules)) }

// quoteShort quotes a field's value for a question, cut to one short line.
func quoteShort(s string) string {
	r := []rune(s)
	for i, c := range r {
		if c == '\n' {
			r = append(r[:i:i], []rune(" …")...)
			break
		}
	}
	if len(r) > 60 {
		r = append(r[:57:57], []rune("…")...)
	}
	return fmt.Sprintf("%q", string(r))
}

// Describe says in sentences what the merge takes from each side and how it settled what both
// changed: the text of Keep mine's questions.
func (p MergePlan) Describe() string {
	var b strings.Builder
	list := func(items []string) string {
		if len(items) == 0 {
			return "nothing"
		}
		return strings.Join(items, "; ")
	}
	b.WriteString("From your edits: " + list(p.Mine) + ". From the file on disk: " + list(p.Theirs) + ".")
	if len(p.Conflicts) > 0 {
		b.WriteString(" Changed on both sides: " + p.ConflictList() + ".")
	}
	return b.String()
}

// ConflictList names what both sides changed differently, with each side's value.
func (p MergePlan) ConflictList() string {
	var parts []string
	for _, c := range p.Conflicts {
		parts = append(parts, c.What+" (yours: "+c.Mine+", on disk: "+c.Theirs+")")
	}
	return strings.Join(parts, "; ")
}
