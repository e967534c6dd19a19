package personas

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// slot is a rule of the list being edited, with the place it was read from (entry -1: new).
type slot struct {
	rule engine.Rule
	from origin
}

// Rules are the persona's rules, in order, as the edited text reads them.
func (d *Document) Rules() engine.Ruleset { return append(engine.Ruleset(nil), d.cur.persona.Rules...) }

// slots lists the current rules with their origins, or explains why they cannot be edited.
func (d *Document) slots() (*permLayout, []slot, error) {
	p := d.cur.persona
	if p.Form != FormRules {
		what := fmt.Sprintf("the preset %q", p.Preset)
		if p.Form == FormLegacy {
			what = "a legacy list [" + strings.Join(p.Legacy, ", ") + "]"
		}
		return nil, nil, fmt.Errorf("%s: the permissions are %s; turn them into a rule map first (`agentmgr rule expand %s`) to edit single rules", d.path, what, p.Name)
	}
	if err := d.checkBlockRoot(); err != nil {
		return nil, nil, err
	}
	pl, origins := d.permLayout()
	if pl == nil || len(origins) != len(p.Rules) {
		return nil, nil, fmt.Errorf("%s: the rule map is written in a way this editor cannot match to its rules; nothing was changed; edit the file by hand", d.path)
	}
	out := make([]slot, len(p.Rules))
	for i, r := range p.Rules {
		out[i] = slot{rule: r, from: origins[i]}
	}
	return pl, out, nil
}

// InsertRule puts r at index at (0 is first; len(Rules()) appends).
func (d *Document) InsertRule(at int, r engine.Rule) (err error) {
	defer d.recoverEdit(&err)
	_, s, err := d.slots()
	if err != nil {
		return err
	}
	if at < 0 || at > len(s) {
		return fmt.Errorf("cannot insert at %d: there are %d rules, so the position must be 0 to %d", at, len(s), len(s))
	}
	if err := checkRule(r); err != nil {
		return err
	}
	s = append(s[:at], append([]slot{{rule: r, from: origin{-1, -1}}}, s[at:]...)...)
	return d.writeSlotsAt(s, at, fmt.Sprintf("the new rule (%s)", r))
}

// AddRule appends r.
func (d *Document) AddRule(r engine.Rule) error { return d.InsertRule(len(d.cur.persona.Rules), r) }

// slotsAt returns the document's rule slots, or an error when one of the indexes names no
// rule.
func (d *Document) slotsAt(indexes ...int) ([]slot, error) {
	_, s, err := d.slots()
	if err != nil {
		return nil, err
	}
	for _, i := range indexes {
		if err := checkIndex(i, len(s)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// RemoveRule removes the rule at index i.
func (d *Document) RemoveRule(i int) (err error) {
	defer d.recoverEdit(&err)
	s, err := d.slotsAt(i)
	if err != nil {
		return err
	}
	return d.writeSlots(append(s[:i], s[i+1:]...))
}

// MoveRule moves the rule at index from so that it ends up at index to.
func (d *Document) MoveRule(from, to int) (err error) {
	defer d.recoverEdit(&err)
	s, err := d.slotsAt(from, to)
	if err != nil {
		return err
	}
	if from == to {
		return nil
	}
	moved := s[from]
	s = append(s[:from], s[from+1:]...)
	s = append(s[:to], append([]slot{moved}, s[to:]...)...)
	return d.writeSlotsAt(s, to, fmt.Sprintf("rule %d (%s)", from+1, moved.rule))
}

// SetRule changes the rule at index i to r: its action, reason, pattern or permission.
func (d *Document) SetRule(i int, r engine.Rule) (err error) {
	defer d.recoverEdit(&err)
	s, err := d.slotsAt(i)
	if err != nil {
		return err
	}
	if err := checkRule(r); err != nil {
		return err
	}
	s[i].rule = r
	return d.writeSlots(s)
}

// SetRules replaces the whole list. Rules equal to a current one keep their text and comments;
// it is the operation behind an editor that hands back the list it shows.
func (d *Document) SetRules(rs engine.Ruleset) (err error) {
	defer d.recoverEdit(&err)
	_, cur, err := d.slots()
	if err != nil {
		return err
	}
	used := make([]bool, len(cur))
	s := make([]slot, len(rs))
	for i, r := range rs {
		if err := checkRule(r); err != nil && !d.allowInvalid {
			return fmt.Errorf("rule %d: %w", i+1, err)
		}
		s[i] = slot{rule: r, from: origin{-1, -1}}
		// Match exact rules first, then rules of the same permission and pattern.
		for pass := 0; pass < 2 && s[i].from.entry < 0; pass++ {
			for j, c := range cur {
				if used[j] || c.rule.Permission != r.Permission || c.rule.Pattern != r.Pattern {
					continue
				}
				if pass == 0 && (c.rule.Action != r.Action || c.rule.Reason != r.Reason || c.rule.NoEffects != r.NoEffects) {
					continue
				}
				used[j], s[i].from = true, c.from
				break
			}
		}
	}
	return d.writeSlots(s)
}

// RuleError is an edit of the rule list that the file cannot hold, because of one rule of the
// list; an editor shows it on that rule's row.
type RuleError struct {
	Rule int // index of the rule in the list the edit was given, from 0
	Err  error
}

func (e *RuleError) Error() string { return e.Err.Error() }

// Unwrap is the error without the rule's index.
func (e *RuleError) Unwrap() error { return e.Err }

func checkIndex(i, n int) error {
	if i < 0 || i >= n {
		if n == 0 {
			return fmt.Errorf("there is no rule %d: the persona has no rules", i+1)
		}
		return fmt.Errorf("there is no rule %d: the rules are numbered 1 to %d", i+1, n)
	}
	return nil
}

func checkRule(r engine.Rule) error {
	if r.Permission == "" {
		return fmt.Errorf("a rule needs a permission such as bash or edit, or * for all")
	}
	if _, err := engine.ParseAction(string(r.Action)); err != nil {
		return err
	}
	return nil
}

// writeSlots renders the rule map for s and checks that it reads back as exactly those rules.
func (d *Document) writeSlots(s []slot) error { return d.writeSlotsAt(s, -1, "") }

// writeSlotsAt is writeSlots after an edit that placed one rule, s[at], called label: a
// placement the rule map cannot hold is explained in terms of that rule and where it can go.
func (d *Document) writeSlotsAt(s []slot, at int, label string) error {
	pl, _, err := d.slots()
	if err != nil {
		return err
	}
	// A rule map names each permission once, so a permission's rules must stay together.
	first := map[string]int{}
	for i, sl := range s {
		f, ok := first[sl.rule.Permission]
		if ok && s[i-1].rule.Permission != sl.rule.Permission {
			if at >= 0 {
				if err := placementError(s, at, label); err != nil {
					return err
				}
			}
			last := f
			for last+1 < len(s) && s[last+1].rule.Permission == sl.rule.Permission {
				last++
			}
			return &RuleError{Rule: i, Err: fmt.Errorf("rule %d (%s) would be apart from the other %s rules (%d to %d); a rule map lists each permission once, so put it next to them, at %d to %d", i+1, sl.rule, strconvQuote(sl.rule.Permission), f+1, last+1, f+1, last+2)}
		}
		if !ok {
			first[sl.rule.Permission] = i
		}
	}
	data := pl.render(d, s)
	want := make(engine.Ruleset, len(s))
	for i, sl := range s {
		want[i] = sl.rule
	}
	return d.replace(data, func(p *Persona) error { return sameRules(p.Rules, want) })
}

// placementError explains why the rule at index at of s cannot stand there, with the
// positions (1-based, as the list shows them after the edit) where it can; nil when the rule's
// place is not the trouble.
func placementError(s []slot, at int, label string) error {
	perm := s[at].rule.Permission
	rest := append(append([]slot(nil), s[:at]...), s[at+1:]...)
	// Next to its own permission's rules, wherever those are.
	if a, b, ok := permRun(rest, perm); ok && (at < a || at > b+1) {
		return fmt.Errorf("%s cannot go at %d: a rule map lists each permission once, so it must stand next to the other %s rules, at %d to %d", label, at+1, strconvQuote(perm), a+1, b+2)
	}
	// Not inside another permission's rules.
	if at > 0 && at < len(rest) && rest[at-1].rule.Permission == rest[at].rule.Permission {
		other := rest[at].rule.Permission
		a, b, _ := permRun(rest, other)
		return fmt.Errorf("%s cannot go at %d, between two %s rules: a rule map lists each permission once, so it can go at %d (before them) or %d (after them)", label, at+1, strconvQuote(other), a+1, b+2)
	}
	return nil
}

// permRun finds the first and last index of perm's rules in s.
func permRun(s []slot, perm string) (first, last int, ok bool) {
	first = -1
	for i, sl := range s {
		if sl.rule.Permission == perm {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	return first, last, first >= 0
}

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// sameRules compares rules without their sources.
func sameRules(got, want engine.Ruleset) error {
	if len(got) == len(want) {
		same := true
		for i := range got {
			g, w := got[i], want[i]
			if g.Permission != w.Permission || g.Pattern != w.Pattern || g.Action != w.Action || g.Reason != w.Reason || g.NoEffects != w.NoEffects {
				same = false
			}
		}
		if same {
			return nil
		}
	}
	return fmt.Errorf("the rules cannot be rewritten safely here: the new text would not read back as the %d rules intended; nothing was changed; edit the file by hand", len(want))
}

// group is a run of slots with the same permission: one key of the rule map.
type group struct {
	key   string
	slots []slot
}

func groups(s []slot) []group {
	var out []group
	for _, sl := range s {
		if n := len(out); n > 0 && out[n-1].key == sl.rule.Permission {
			out[n-1].slots = append(out[n-1].slots, sl)
			continue
		}
		out = append(out, group{key: sl.rule.Permission, slots: []slot{sl}})
	}
	return out
}

// render writes the new text of the file with the rule map made of s.
func (pl *permLayout) render(d *Document, s []slot) []byte {
	eol := d.eol()
	gs := groups(s)
	if len(gs) == 0 {
		end := pl.valueEnd
		if !pl.flow {
			end = newText(d.data).lineEnd(pl.root.endLine)
		}
		return splice(d.data, pl.root.colonEnd, end, " {}")
	}
	if len(pl.entries) == 0 {
		pl.indent = pl.root.indent + pl.step
	}
	if pl.flow && len(pl.entries) > 0 {
		parts := make([]string, len(gs))
		for i, g := range gs {
			parts[i] = pl.renderGroup(d, g, true, eol)
		}
		return splice(d.data, pl.root.valueStart, pl.valueEnd, "{"+strings.Join(parts, ", ")+"}")
	}
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(pl.renderGroup(d, g, false, eol))
	}
	if pl.flow {
		// An empty {} becomes a block map: `permissions:` and one line per key.
		data := splice(d.data, pl.root.valueStart, pl.valueEnd, "")
		t := newText(data)
		// Drop the space the {} leaves before the end of the line or a comment.
		ls, le := t.lineStart(pl.root.keyLine), t.lineEnd(pl.root.keyLine)
		line := strings.TrimRight(string(data[ls:le]), " \t")
		data = splice(data, ls, le, line)
		t = newText(data)
		at := t.lineNext(pl.root.keyLine)
		if at == len(data) || data[at-1] != '\n' {
			b2 := eol + b.String()
			return splice(data, at, at, strings.TrimSuffix(b2, eol))
		}
		return splice(data, at, at, b.String())
	}
	body := b.String() + pl.tail
	return splice(d.data, pl.bodyStart, pl.bodyEnd, body)
}

// renderGroup writes one key of the rule map: copied from the file when the key's rules are
// unchanged, spliced when only an action, reason or pattern changed, new otherwise.
func (pl *permLayout) renderGroup(d *Document, g group, flow bool, eol string) string {
	var base *pEntry
	for _, sl := range g.slots {
		if sl.from.entry >= 0 && pl.entries[sl.from.entry].key == g.key {
			base = pl.entries[sl.from.entry]
			break
		}
	}
	pad := strings.Repeat(" ", pl.indent)
	keyText := pl.quoteKey(g.key, flow)
	if base == nil {
		return pl.freshGroup(keyText, g, flow, pad, eol)
	}
	own := func(sl slot) bool { return sl.from.entry >= 0 && pl.entries[sl.from.entry] == base }
	switch base.kind {
	case kindAction:
		if len(g.slots) == 1 && own(g.slots[0]) && g.slots[0].rule.Pattern == "*" {
			text := spliceRel(base.text, base.textStart, base.val, g.slots[0].rule, flow)
			if flow {
				return text
			}
			return base.leading + text
		}
		// The key gets more than its one rule: it becomes a map of patterns.
		if flow {
			return keyRaw(d, base) + ": {" + pl.flowItems(d, nil, g, own) + "}"
		}
		lineEnd := strings.Index(base.text, "\n")
		if lineEnd < 0 {
			lineEnd = len(base.text)
		}
		firstLine := base.text[:lineEnd]
		rest := ""
		if cut := base.val.end - base.textStart; cut >= 0 && cut <= len(firstLine) {
			rest = strings.TrimRight(firstLine[cut:], "\r")
		}
		var b strings.Builder
		b.WriteString(base.leading)
		b.WriteString(pad + keyRaw(d, base) + ":" + rest + eol)
		ipad := strings.Repeat(" ", pl.indent+pl.step)
		for _, sl := range g.slots {
			b.WriteString(ipad + pl.quoteKey(sl.rule.Pattern, false) + ": " + actionText(sl.rule, false) + eol)
		}
		return b.String()
	case kindFlow:
		items := "{" + pl.flowItems(d, base, g, own) + "}"
		text := base.text[:base.flowStart-base.textStart] + items + base.text[base.flowEnd-base.textStart:]
		if flow {
			return text
		}
		return base.leading + text
	}
	// A block map of patterns.
	var b strings.Builder
	b.WriteString(base.leading)
	b.WriteString(base.header)
	ipad := strings.Repeat(" ", base.itemInd)
	for _, sl := range g.slots {
		if own(sl) && sl.from.item >= 0 {
			it := base.items[sl.from.item]
			b.WriteString(it.leading)
			b.WriteString(spliceItem(it, sl.rule, pl, false))
			continue
		}
		b.WriteString(ipad + pl.quotePattern(base, sl.rule.Pattern, false) + ": " + actionText(sl.rule, false) + eol)
	}
	b.WriteString(base.itemsTail)
	return b.String()
}

// flowItems writes the patterns of g as the inside of a {...} map.
func (pl *permLayout) flowItems(d *Document, base *pEntry, g group, own func(slot) bool) string {
	parts := make([]string, len(g.slots))
	for i, sl := range g.slots {
		if base != nil && own(sl) && sl.from.item >= 0 {
			parts[i] = spliceItem(base.items[sl.from.item], sl.rule, pl, true)
			continue
		}
		parts[i] = pl.quotePattern(base, sl.rule.Pattern, true) + ": " + actionText(sl.rule, true)
	}
	return strings.Join(parts, ", ")
}

func (pl *permLayout) freshGroup(keyText string, g group, flow bool, pad, eol string) string {
	if len(g.slots) == 1 && g.slots[0].rule.Pattern == "*" {
		if flow {
			return keyText + ": " + actionText(g.slots[0].rule, true)
		}
		return pad + keyText + ": " + actionText(g.slots[0].rule, false) + eol
	}
	if flow {
		return keyText + ": {" + pl.flowItems(nil, nil, g, func(slot) bool { return false }) + "}"
	}
	var b strings.Builder
	b.WriteString(pad + keyText + ":" + eol)
	ipad := strings.Repeat(" ", pl.indent+pl.step)
	for _, sl := range g.slots {
		b.WriteString(ipad + pl.quoteKey(sl.rule.Pattern, false) + ": " + actionText(sl.rule, false) + eol)
	}
	return b.String()
}

func keyRaw(d *Document, e *pEntry) string {
	end := scalarEnd(d.data, e.keyStart, false)
	return string(d.data[e.keyStart:end])
}

// spliceItem is an item's text with its pattern and action changed to r's.
func spliceItem(it *pItem, r engine.Rule, pl *permLayout, flow bool) string {
	text := spliceRel(it.text, it.textStart, it.val, r, flow)
	if r.Pattern != it.pattern {
		rel := it.keyStart - it.textStart
		end := rel + (scalarEnd([]byte(it.text[rel:]), 0, flow))
		style := styleOf([]byte(it.text[rel:end]))
		if style == stylePlain {
			return text[:rel] + pl.quoteKey(r.Pattern, flow) + text[end:]
		}
		return text[:rel] + quoteAs(r.Pattern, style, flow) + text[end:]
	}
	return text
}

// spliceRel changes the action written in text (which starts at offset base of the file) to r's
// action and reason, touching as little as it can: only the word when the reason stays.
func spliceRel(text string, base int, v valueSpan, r engine.Rule, flow bool) string {
	if v.orig.Action == r.Action && v.orig.Reason == r.Reason && v.orig.NoEffects == r.NoEffects {
		return text
	}
	if v.orig.Reason == r.Reason && v.orig.NoEffects == r.NoEffects && (v.object || r.Reason == "" && !r.NoEffects) {
		ws, we := v.word[0]-base, v.word[1]-base
		return text[:ws] + quoteAs(string(r.Action), styleOf([]byte(text[ws:we])), flow) + text[we:]
	}
	s, e := v.start-base, v.end-base
	return text[:s] + actionText(r, true) + text[e:]
}

// actionText writes r's action: a word, or {action: deny, reason: "...", effects: false} when
// it has a reason or opts out of its effect family.
func actionText(r engine.Rule, flow bool) string {
	if r.Reason == "" && !r.NoEffects {
		return string(r.Action)
	}
	out := "{action: " + string(r.Action)
	if r.Reason != "" {
		out += ", reason: " + quoteDouble(r.Reason)
	}
	if r.NoEffects {
		out += ", effects: false"
	}
	return out + "}"
}

// simpleKey is what a key or pattern may be written without quotes: permission names, paths.
var simpleKey = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_./-]*$`)

// quoteKey writes a permission key or pattern: bare when it is a simple name, else quoted the
// way the file quotes its keys.
func (pl *permLayout) quoteKey(s string, flow bool) string {
	if simpleKey.MatchString(s) && plainSafe(s, flow) {
		return s
	}
	return quoteAs(s, pl.quote, flow)
}

// quotePattern writes a pattern for entry e like the entry's other quoted patterns.
func (pl *permLayout) quotePattern(e *pEntry, s string, flow bool) string {
	if e == nil || e.quote == stylePlain || simpleKey.MatchString(s) && plainSafe(s, flow) {
		return pl.quoteKey(s, flow)
	}
	return quoteAs(s, e.quote, flow)
}
