package keybindings

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Status is the state of one agent-manager key, for display.
type Status string

// The statuses of a key, from best to worst.
const (
	StatusOK        Status = "ok"        // pi will deliver this key to the agent manager
	StatusShared    Status = "shared"    // another extension's id is on the same key
	StatusOverrides Status = "overrides" // the key takes a built-in's place
	StatusClash     Status = "clash"     // another agent-manager action has the key
	StatusSkipped   Status = "skipped"   // pi skips the binding: reserved key
	StatusInvalid   Status = "invalid"   // pi cannot parse the key and drops it
)

// Report is the result of Check: each action's effective keys with their
// status, and every finding about the file.
type Report struct {
	Table    *Table         `json:"-"`
	Actions  []ActionStatus `json:"actions"`
	Findings []Finding      `json:"findings"`
}

// ActionStatus is one agent-manager action as pi will see it.
type ActionStatus struct {
	ID          string `json:"id"`
	Description string `json:"description"`
	// FromFile is true when keybindings.json sets the action; otherwise the
	// defaults apply.
	FromFile bool     `json:"fromFile"`
	Pos      Position `json:"pos"`
	// Disabled is true when the file binds the action to [].
	Disabled bool        `json:"disabled"`
	Keys     []KeyStatus `json:"keys"`
}

// KeyStatus is one key of an action.
type KeyStatus struct {
	Text    string   `json:"key"`
	Combo   Combo    `json:"combo,omitzero"`
	Pos     Position `json:"pos"`
	Default bool     `json:"default"`
	Status  Status   `json:"status"`
	// Detail says what and why for a person, e.g. "skipped: reserved for
	// app.thinking.cycle"; it is empty when Status is ok.
	Detail string `json:"detail,omitempty"`
}

// Count returns the number of findings of severity s.
func (r *Report) Count(s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// HasErrors reports whether any finding is an error.
func (r *Report) HasErrors() bool { return r.Count(Error) > 0 }

// FindingsFor returns the findings about id, in report order.
func (r *Report) FindingsFor(id string) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.ID == id {
			out = append(out, f)
		}
	}
	return out
}

// Involving returns the findings about id or naming it as the other party
// (the built-in overridden, the action clashed with): what binding id
// caused or suffers from.
func (r *Report) Involving(id string) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.ID == id || slices.Contains(f.Others, id) {
			out = append(out, f)
		}
	}
	return out
}

// owner is a combo bound to an id, after the user's overrides.
type owner struct {
	id          string
	text        string // the key as spelled where it was set
	combo       Combo
	reserved    bool
	description string
	setAt       Position // where the user set it; zero for pi's default
}

// label names the owner for messages: its id, what it does, and where the
// user set it when the key comes from the file.
func (o owner) label() string {
	var extra []string
	if o.description != "" {
		extra = append(extra, o.description)
	}
	if o.setAt.IsValid() {
		extra = append(extra, "bound in this file at "+o.setAt.String())
	}
	if len(extra) == 0 {
		return o.id
	}
	return o.id + " (" + strings.Join(extra, "; ") + ")"
}

// checker holds what Check computes once and every rule consults.
type checker struct {
	file     *File
	table    *Table
	builtins []owner            // pi's bindings after the user's overrides
	others   []owner            // ids that are neither pi's nor ours
	keysOf   map[string][]Combo // effective keys per built-in id
	report   *Report
	sugg     *suggester
	app      []AppKey // the desktop app's own shortcuts
}

// AppKey is a shortcut the desktop app itself uses (Ctrl+Shift+Tab: Previous tab). The app
// binds the agent manager's actions to its menu too, so an action on one of these keys would do
// two things there; Check reports it and never suggests these keys.
type AppKey struct {
	Combo Combo
	// Name is what the key does in the app, for messages: "View › Previous tab".
	Name string
}

// Check reports, for pi release table, what pi will do with every key of
// the agent manager's actions, and every problem in f. Conflicts compare
// combos, never spellings, against pi's built-in bindings after the
// overrides in f itself: a file that rebinds app.thinking.cycle frees
// shift+tab, and one that binds another id to a key takes it. A nil table
// means the newest pi; a nil f means no keybindings.json. app are the desktop app's own
// shortcuts: an action on one of them is reported, and no fix proposes one.
func Check(f *File, table *Table, app ...AppKey) *Report {
	if table == nil {
		table = Latest()
	}
	if f == nil {
		f, _ = Parse("", nil) // an empty source always parses
	}
	c := &checker{file: f, table: table, keysOf: map[string][]Combo{}, report: &Report{Table: table}, app: app}
	c.collectOwners()
	c.collectActions()
	c.sugg = newSuggester(c)
	c.checkEntries()
	c.checkActions()
	sort.SliceStable(c.report.Findings, func(i, j int) bool {
		a, b := c.report.Findings[i].Pos, c.report.Findings[j].Pos
		if a.IsValid() != b.IsValid() {
			return a.IsValid()
		}
		return a.Offset < b.Offset
	})
	return c.report
}

// validBindings returns the keys of e that pi can use, as owners.
func validBindings(e Entry, o owner) []owner {
	var out []owner
	for _, b := range e.Bindings {
		if b.Err == nil {
			o.text, o.combo, o.setAt = b.Text, b.Combo, b.Pos
			out = append(out, o)
		}
	}
	return out
}

// collectOwners computes who holds which key: pi's built-ins after the
// file's overrides, and the file's ids that belong to neither pi nor the
// agent manager.
func (c *checker) collectOwners() {
	for _, b := range c.table.Builtins {
		base := owner{id: b.ID, reserved: b.Reserved, description: b.Description}
		var owned []owner
		if e, ok := c.file.Lookup(b.ID); ok && e.TypeErr == nil {
			owned = validBindings(e, base)
		} else {
			for i, k := range b.Keys {
				o := base
				o.text, o.combo = k, b.Combos[i]
				owned = append(owned, o)
			}
		}
		for _, o := range owned {
			c.keysOf[b.ID] = append(c.keysOf[b.ID], o.combo)
		}
		c.builtins = append(c.builtins, owned...)
	}
	for _, id := range c.file.IDs() {
		if _, ok := c.table.Lookup(id); ok || id == SchemaKey || IsAction(id) {
			continue
		}
		if e, _ := c.file.Lookup(id); e.TypeErr == nil {
			c.others = append(c.others, validBindings(e, owner{id: id})...)
		}
	}
}

// collectActions fills the report's actions with their effective keys.
func (c *checker) collectActions() {
	for _, a := range Actions() {
		st := ActionStatus{ID: a.ID, Description: a.Description}
		if e, ok := c.file.Lookup(a.ID); ok && e.TypeErr == nil {
			st.FromFile, st.Pos = true, e.Pos
			st.Disabled = len(e.Bindings) == 0
			for _, b := range e.Bindings {
				ks := KeyStatus{Text: b.Text, Combo: b.Combo, Pos: b.Pos, Status: StatusOK}
				if b.Err != nil {
					ks.Status, ks.Detail = StatusInvalid, "invalid: "+reasonOf(b.Err)
				}
				st.Keys = append(st.Keys, ks)
			}
		} else {
			for _, d := range a.Defaults {
				st.Keys = append(st.Keys, KeyStatus{Text: d.String(), Combo: d, Default: true, Status: StatusOK})
			}
		}
		c.report.Actions = append(c.report.Actions, st)
	}
}

// reasonOf returns the reason of a key error without the "invalid key"
// preamble.
func reasonOf(err error) string {
	var ce *ComboError
	if errors.As(err, &ce) {
		return ce.Reason
	}
	return err.Error()
}

func (c *checker) add(f Finding) { c.report.Findings = append(c.report.Findings, f) }

// checkEntries reports problems of the file itself: values pi cannot use,
// keys it drops, repeated ids and keys, and ids it does not know.
func (c *checker) checkEntries() {
	for i, e := range c.file.Entries {
		last, _ := c.file.Lookup(e.ID)
		effective := last.start == e.start
		if e.TypeErr != nil {
			c.add(Finding{Severity: Error, Kind: KindBadValue, ID: e.ID, Pos: e.Pos,
				Message: e.TypeErr.Error() + "; pi cannot use it"})
		}
		if !effective {
			c.add(Finding{Severity: Warning, Kind: KindDuplicateID, ID: e.ID, Pos: e.Pos,
				Message: fmt.Sprintf("set again at %s; pi uses only the last entry, so this one has no effect", last.Pos)})
		}
		for j, b := range e.Bindings {
			if b.Err != nil {
				c.add(Finding{Severity: Error, Kind: KindInvalid, ID: e.ID, Key: b.Text, Pos: b.Pos,
					Message: "pi will drop this key without a word: " + reasonOf(b.Err)})
				continue
			}
			for _, prev := range e.Bindings[:j] {
				if prev.Err == nil && prev.Combo == b.Combo {
					c.add(Finding{Severity: Warning, Kind: KindRepeatedKey, ID: e.ID, Key: b.Text, Pos: b.Pos,
						Message: fmt.Sprintf("the same key as %q at %s; remove one", prev.Text, prev.Pos)})
					break
				}
			}
		}
		if effective {
			c.checkID(c.file.Entries[i])
		}
	}
}

// checkID reports an id pi or the agent manager will not recognise.
func (c *checker) checkID(e Entry) {
	switch {
	case IsAction(e.ID):
		if _, ok := LookupAction(e.ID); !ok {
			var names []string
			for _, a := range Actions() {
				names = append(names, a.ID)
			}
			c.add(Finding{Severity: Warning, Kind: KindUnknownID, ID: e.ID, Pos: e.Pos,
				Message: "the agent manager has no such action; expected " + joinOr(names)})
		}
	case strings.HasPrefix(e.ID, "app.") || strings.HasPrefix(e.ID, "tui."):
		if _, ok := c.table.Lookup(e.ID); ok {
			return
		}
		msg := fmt.Sprintf("%s has no action %s, so it ignores this entry", c.table.Name(), e.ID)
		for _, t := range Tables() {
			if _, ok := t.Lookup(e.ID); ok && t != c.table {
				msg += fmt.Sprintf(" (%s has it)", t.Name())
				break
			}
		}
		c.add(Finding{Severity: Warning, Kind: KindUnknownID, ID: e.ID, Pos: e.Pos, Message: msg})
	}
}

// checkActions reports every conflict of every agent-manager key and sets
// each key's status.
func (c *checker) checkActions() {
	for ai := range c.report.Actions {
		st := &c.report.Actions[ai]
		if st.Disabled {
			a, _ := LookupAction(st.ID)
			c.add(Finding{Severity: Info, Kind: KindDisabled, ID: st.ID, Pos: st.Pos,
				Message: fmt.Sprintf("disabled by []; remove the entry to use the default %s", comboList(a.Defaults))})
		}
		for ki := range st.Keys {
			if st.Keys[ki].Status != StatusInvalid {
				c.checkKey(st, &st.Keys[ki])
			}
		}
	}
}

// checkKey finds who else holds one agent-manager key.
func (c *checker) checkKey(st *ActionStatus, ks *KeyStatus) {
	base := Finding{ID: st.ID, Key: ks.Text, Default: ks.Default, Pos: ks.Pos}
	var sameSpelling, reserved, plain []owner
	for _, o := range c.builtins {
		switch {
		case o.combo != ks.Combo:
		case o.reserved && strings.EqualFold(o.text, ks.Text):
			sameSpelling = append(sameSpelling, o)
		case o.reserved:
			reserved = append(reserved, o)
		default:
			plain = append(plain, o)
		}
	}
	setStatus := func(s Status, detail string) {
		if rank(s) > rank(ks.Status) {
			ks.Status, ks.Detail = s, detail
		}
	}
	if len(sameSpelling) > 0 {
		// pi skips the binding, so it overrides nothing.
		f := base
		f.Severity, f.Kind, f.Others = Error, KindReserved, ids(sameSpelling)
		f.Message = fmt.Sprintf("pi will skip this binding: %s is reserved for %s", ks.Combo, labels(sameSpelling))
		f.Fixes = c.fixes(st, ks.Combo, sameSpelling)
		c.add(f)
		setStatus(StatusSkipped, "skipped: reserved for "+joinAnd(ids(sameSpelling)))
	} else {
		if len(reserved) > 0 {
			f := base
			f.Severity, f.Kind, f.Others = Error, KindReservedOverride, ids(reserved)
			f.Message = fmt.Sprintf("this binding will override %s, which pi reserves: pi compares spellings and does not see that %q is %s",
				labels(reserved), ks.Text, spellings(reserved))
			f.Fixes = c.fixes(st, ks.Combo, reserved)
			c.add(f)
			setStatus(StatusOverrides, "overrides reserved "+joinAnd(ids(reserved)))
		}
		if len(plain) > 0 {
			f := base
			f.Severity, f.Kind, f.Others = Warning, KindOverride, ids(plain)
			f.Message = "this binding will override " + labels(plain)
			f.Fixes = c.fixes(st, ks.Combo, plain)
			c.add(f)
			setStatus(StatusOverrides, "overrides "+joinAnd(ids(plain)))
		}
	}
	for _, other := range c.report.Actions {
		if other.ID == st.ID {
			continue
		}
		for _, ok := range other.Keys {
			if ok.Status != StatusInvalid && ok.Combo == ks.Combo {
				f := base
				f.Severity, f.Kind, f.Others = Error, KindActionClash, []string{other.ID}
				f.Message = fmt.Sprintf("%s is bound to the same key (%s); one key cannot run two actions", other.ID, ok.Text)
				f.Fixes = c.fixes(st, ks.Combo, nil)
				c.add(f)
				setStatus(StatusClash, "clashes with "+other.ID)
				break
			}
		}
	}
	for _, ak := range c.app {
		if ak.Combo == ks.Combo {
			f := base
			f.Severity, f.Kind, f.Others = Warning, KindAppShortcut, []string{ak.Name}
			f.Message = fmt.Sprintf("the desktop app uses %s for %s; there the key cannot also run %s", ks.Combo, ak.Name, st.ID)
			f.Fixes = c.fixes(st, ks.Combo, nil)
			c.add(f)
			setStatus(StatusShared, "shared with the app's "+ak.Name)
			break
		}
	}
	var shared []owner
	for _, o := range c.others {
		if o.combo == ks.Combo {
			shared = append(shared, o)
		}
	}
	if len(shared) > 0 {
		f := base
		f.Severity, f.Kind, f.Others = Warning, KindSharedKey, ids(shared)
		f.Message = fmt.Sprintf("%s is on the same key; the extensions will compete for it", labels(shared))
		f.Fixes = c.fixes(st, ks.Combo, nil)
		c.add(f)
		setStatus(StatusShared, "shared with "+joinAnd(ids(shared)))
	}
}

// rank orders statuses from best to worst.
func rank(s Status) int {
	switch s {
	case StatusShared:
		return 1
	case StatusOverrides:
		return 2
	case StatusClash:
		return 3
	case StatusSkipped:
		return 4
	case StatusInvalid:
		return 5
	}
	return 0
}

func ids(owners []owner) []string {
	var out []string
	for _, o := range owners {
		if len(out) == 0 || out[len(out)-1] != o.id {
			out = append(out, o.id)
		}
	}
	return out
}

func labels(owners []owner) string {
	var out []string
	for i, o := range owners {
		if i > 0 && owners[i-1].id == o.id {
			continue
		}
		out = append(out, o.label())
	}
	return joinAnd(out)
}

// spellings lists how the owners spell their keys, for the message that
// explains pi's spelling-based check.
func spellings(owners []owner) string {
	var out []string
	for _, o := range owners {
		out = append(out, fmt.Sprintf("%s's %q", o.id, o.text))
	}
	return joinAnd(out)
}

func comboList(cs []Combo) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return joinAnd(out)
}

func joinAnd(items []string) string { return joinWith(items, "and") }
func joinOr(items []string) string  { return joinWith(items, "or") }

func joinWith(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}
