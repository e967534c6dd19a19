package keybindings

import (
	"fmt"
	"strings"
)

// Severity ranks a finding.
type Severity int

// Severities, least severe first.
const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// MarshalText writes the severity's name, so it prints as a string in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Kind names what a finding is about; it is stable, for tools and tests.
type Kind string

// The kinds of findings Check reports.
const (
	// KindInvalid: a key pi cannot parse; pi drops it without a word (error).
	KindInvalid Kind = "invalid"
	// KindBadValue: a value that is neither a string nor an array (error).
	KindBadValue Kind = "bad-value"
	// KindReserved: the key belongs to a reserved built-in and is spelled
	// like it, so pi skips the binding (error).
	KindReserved Kind = "reserved"
	// KindReservedOverride: the key belongs to a reserved built-in but is
	// spelled differently, so pi's string check misses it and the binding
	// silently takes the reserved key (error).
	KindReservedOverride Kind = "reserved-override"
	// KindOverride: the key belongs to a built-in that is not reserved;
	// the binding wins and the built-in stops working (warning).
	KindOverride Kind = "override"
	// KindActionClash: two agent-manager actions on one key (error).
	KindActionClash Kind = "action-clash"
	// KindSharedKey: an id that is neither pi's nor the agent manager's
	// (another extension's) is on the same key (warning).
	KindSharedKey Kind = "shared-key"
	// KindAppShortcut: the desktop app uses the key for one of its own
	// commands (warning).
	KindAppShortcut Kind = "app-shortcut"
	// KindDuplicateID: an id set twice; pi uses the last entry (warning).
	KindDuplicateID Kind = "duplicate-id"
	// KindRepeatedKey: the same key twice in one entry (warning).
	KindRepeatedKey Kind = "repeated-key"
	// KindUnknownID: an app./tui. id this pi version does not have, or an
	// unknown piAgentManager action (warning).
	KindUnknownID Kind = "unknown-id"
	// KindDisabled: an agent-manager action bound to [] (info).
	KindDisabled Kind = "disabled"
	// KindExtensionClash: two installed extensions register the same action's keys and
	// commands (pi-agent-manager and agentmgr's extension both read piAgentManager.*), so pi
	// reports the shortcut conflicts on every start and renames the commands (warning).
	KindExtensionClash Kind = "extension-clash"
)

// Finding is one problem Check found, with the fixes it suggests.
type Finding struct {
	Severity Severity `json:"severity"`
	Kind     Kind     `json:"kind"`
	// ID is the entry the finding is about.
	ID string `json:"id"`
	// Key is the key as written (or the default key), when the finding is
	// about one key.
	Key string `json:"key,omitempty"`
	// Default is true when Key is a default, not written in the file.
	Default bool `json:"default,omitempty"`
	// Others are the other ids involved (the built-in overridden, the
	// action clashed with).
	Others []string `json:"others,omitempty"`
	// Pos is where the key (or the id) is in the file; zero for defaults.
	Pos     Position `json:"pos"`
	Message string   `json:"message"`
	Fixes   []Fix    `json:"fixes,omitempty"`
}

// Fix is a suggested change: bind ID to Keys (its whole new key list).
type Fix struct {
	ID   string  `json:"id"`
	Keys []Combo `json:"keys"`
	// Frees is the key the fix frees when it rebinds a built-in.
	Frees   Combo  `json:"frees,omitzero"`
	Message string `json:"message"`
}

// Apply makes the fix's change in f (unsaved).
func (x Fix) Apply(f *File) error { return f.Set(x.ID, x.Keys...) }

// Format returns the finding as one line for a person, prefixed with the
// file name and position: "keybindings.json:3:12: error: piAgentManager.next
// "shift+tab": pi will skip this binding: ...".
func (fd Finding) Format(file string) string {
	if file == "" {
		file = FileName
	}
	var b strings.Builder
	b.WriteString(file)
	if fd.Pos.IsValid() {
		b.WriteString(":" + fd.Pos.String())
	}
	fmt.Fprintf(&b, ": %s: %s", fd.Severity, fd.ID)
	if fd.Key != "" {
		fmt.Fprintf(&b, " %q", fd.Key)
		if fd.Default {
			b.WriteString(" (default)")
		}
	}
	b.WriteString(": " + fd.Message)
	return b.String()
}

func (fd Finding) String() string { return fd.Format("") }
