// Package keysedit is keybindings.json as the app edits it: the file, the pi release it is
// checked against, and the report of that check; plain Go, tested without a display.
package keysedit

import (
	"fmt"
	"slices"

	"github.com/agentmgr/agentmgr/keybindings"
	"github.com/agentmgr/agentmgr/pam"
)

// Model is keybindings.json as the Keys screen edits it: the file (edited losslessly in
// memory until saved), the pi release it is checked against, and the report of that check.
// It is plain Go, tested without a display.
type Model struct {
	path    string
	file    *keybindings.File
	loadErr error // why the file could not be read; the screen shows it and edits nothing
	version string
	table   *keybindings.Table
	report  *keybindings.Report
	// touched are the actions edited since the file was read or saved: a save is checked
	// for what it changes, not for problems the file already had.
	touched []string
	// app are the desktop app's own shortcuts, part of every check.
	app []keybindings.AppKey

	listeners []func()
}

// Load reads the keybindings file at path (a missing file is an empty one) and checks
// it against the pi release version ("" for the newest known).
func Load(path, version string) *Model {
	m := &Model{path: path}
	if err := m.SetVersion(version); err != nil {
		m.table = keybindings.Latest()
	}
	m.load()
	return m
}

func (m *Model) load() {
	m.file, m.loadErr = keybindings.Load(m.path)
	m.touched = nil
	m.check()
}

func (m *Model) check() {
	if m.file == nil {
		m.report = keybindings.Check(nil, m.table, m.app...)
		return
	}
	m.report = keybindings.Check(m.file, m.table, m.app...)
}

// SetAppKeys makes the app's own shortcuts part of the check: an action bound to one is
// reported, and no suggested fix takes one.
func (m *Model) SetAppKeys(keys []keybindings.AppKey) {
	m.app = slices.Clone(keys)
	m.changed()
}

// OnChange adds a listener called after every change of the file or the pi release.
func (m *Model) OnChange(f func()) { m.listeners = append(m.listeners, f) }

func (m *Model) changed() {
	m.check()
	for _, f := range m.listeners {
		f()
	}
}

// Path is the file edited.
func (m *Model) Path() string { return m.path }

// LoadError is why the file could not be read or parsed; nil when it could.
func (m *Model) LoadError() error { return m.loadErr }

// Report is the check of the file as edited.
func (m *Model) Report() *keybindings.Report { return m.report }

// Version is the pi release checked against, "" for the newest known.
func (m *Model) Version() string { return m.version }

// Table is the pi release's table of built-in bindings.
func (m *Model) Table() *keybindings.Table { return m.table }

// SetVersion checks against another pi release ("" for the newest known).
func (m *Model) SetVersion(v string) error {
	t, err := keybindings.TableFor(v)
	if err != nil {
		return err
	}
	m.version, m.table = v, t
	if m.report != nil {
		m.changed()
	}
	return nil
}

// Text is the file as Save would write it.
func (m *Model) Text() string {
	if m.file == nil {
		return ""
	}
	return string(m.file.Bytes())
}

// Dirty reports whether there are unsaved edits.
func (m *Model) Dirty() bool { return m.file != nil && m.file.Changed() }

func (m *Model) editable() error {
	if m.file == nil {
		return fmt.Errorf("keybindings.json cannot be edited until it reads: %w", m.loadErr)
	}
	return nil
}

// Bind sets the keys of action id.
func (m *Model) Bind(id string, combos ...keybindings.Combo) error {
	if err := m.editable(); err != nil {
		return err
	}
	if err := m.file.Set(id, combos...); err != nil {
		return err
	}
	m.touch(id)
	m.changed()
	return nil
}

// Reset removes the file's entry for id, so that the action's default keys apply again.
func (m *Model) Reset(id string) error {
	if err := m.editable(); err != nil {
		return err
	}
	if _, err := m.file.Unset(id); err != nil {
		return err
	}
	m.touch(id)
	m.changed()
	return nil
}

// Apply makes a suggested fix.
func (m *Model) Apply(fx keybindings.Fix) error {
	if err := m.editable(); err != nil {
		return err
	}
	if err := fx.Apply(m.file); err != nil {
		return err
	}
	m.touch(fx.ID)
	m.changed()
	return nil
}

// Save writes the file if it changed; it refuses when someone else changed it on disk since it
// was read (keybindings.ErrChangedOnDisk), so that no edit is lost.
func (m *Model) Save() error {
	if err := m.editable(); err != nil {
		return err
	}
	if err := m.file.Save(); err != nil {
		return err
	}
	m.touched = nil
	m.changed()
	return nil
}

// Revert reads the file again, dropping unsaved edits.
func (m *Model) Revert() {
	m.load()
	m.changed()
}

// Action is the status of action id as pi will see it.
func (m *Model) Action(id string) (keybindings.ActionStatus, bool) {
	for _, a := range m.report.Actions {
		if a.ID == id {
			return a, true
		}
	}
	return keybindings.ActionStatus{}, false
}

// Keys returns the keys of action id that pi can use (not invalid, not skipped), in order: what
// the app binds to its own menu items, so that the app and pi agree.
func (m *Model) Keys(id string) []keybindings.Combo {
	a, ok := m.Action(id)
	if !ok {
		return nil
	}
	var out []keybindings.Combo
	for _, k := range a.Keys {
		if k.Status != keybindings.StatusInvalid && k.Status != keybindings.StatusSkipped {
			out = append(out, k.Combo)
		}
	}
	return out
}

func (m *Model) touch(id string) {
	if !slices.Contains(m.touched, id) {
		m.touched = append(m.touched, id)
	}
}

// SaveBlockers are the errors the unsaved edits bring with them: a key pi will skip, or one
// another action has, on an action edited since the file was read. The CLI refuses to save
// these without --force; the Keys screen asks first. Problems the file already had before the
// edits do not count.
func (m *Model) SaveBlockers() []keybindings.Finding {
	if !m.Dirty() {
		return nil
	}
	var out []keybindings.Finding
	for _, f := range m.report.Findings {
		if f.Severity != keybindings.Error {
			continue
		}
		if slices.Contains(m.touched, f.ID) || slices.ContainsFunc(f.Others, func(o string) bool { return slices.Contains(m.touched, o) }) {
			out = append(out, f)
		}
	}
	return out
}

// UnboundInAM reports whether pi-agent-manager 0.18.1 has no key for action id with the file as
// edited: it has no default keys, so an action the file does not bind has none there, whatever
// agentmgr's default.
func (m *Model) UnboundInAM(id string) bool {
	if !keybindings.IsAction(id) {
		return false
	}
	return len(pam.ParseKeys([]byte(m.Text())).For(id)) == 0
}

// AMUnboundNote is what the Keys screen says about such an action.
const AMUnboundNote = "unbound in " + pam.Runtime + " (it has no default keys): set a key here if you run it"
