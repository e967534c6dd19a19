package personas

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
)

// Scope is where a persona was found. A persona in a higher scope replaces one of the same name
// in a lower scope.
type Scope int

// Scopes, lowest to highest.
const (
	ScopeBuiltin Scope = iota
	ScopeGlobal
	ScopeProject
)

// String is "built-in", "global" or "project".
func (s Scope) String() string {
	switch s {
	case ScopeBuiltin:
		return "built-in"
	case ScopeGlobal:
		return "global"
	case ScopeProject:
		return "project"
	}
	return fmt.Sprintf("scope(%d)", int(s))
}

// ParseScope reads "global" or "project" (and "built-in"/"builtin"), as the CLI's --scope takes them.
func ParseScope(s string) (Scope, error) {
	switch s {
	case "global":
		return ScopeGlobal, nil
	case "project":
		return ScopeProject, nil
	case "built-in", "builtin":
		return ScopeBuiltin, nil
	}
	return 0, fmt.Errorf("unknown scope %q; expected global or project", s)
}

// Form is how a persona wrote its permissions.
type Form int

// The three permissions forms of docs/rules.md.
const (
	FormPreset Form = iota // a preset name: read, plan or build
	FormLegacy             // a list of legacy words: read, write, ask, web, subagent
	FormRules              // a map of rules, in file order
)

// String is "preset", "legacy" or "rules".
func (f Form) String() string {
	switch f {
	case FormPreset:
		return "preset"
	case FormLegacy:
		return "legacy"
	case FormRules:
		return "rules"
	}
	return fmt.Sprintf("form(%d)", int(f))
}

// Describe says how permissions of form f are given, as list and show print it and the
// editor names it in a merge conflict: "preset build", "legacy list" or "3 rules". preset is
// the preset's name (FormPreset), rules how many rules there are (FormRules).
func (f Form) Describe(preset string, rules int) string {
	switch f {
	case FormPreset:
		return "preset " + preset
	case FormLegacy:
		return "legacy list"
	}
	return fmt.Sprintf("%d rules", rules)
}

// Types of persona.
const (
	TypePrimary  = "primary"  // offered for switching
	TypeSubagent = "subagent" // only run by other agents
)

// Persona is one parsed persona file.
type Persona struct {
	Name        string
	Description string
	Type        string // TypePrimary (the default) or TypeSubagent
	Icon        string
	Color       string
	Hidden      bool // hidden from the picker and from cycling
	Steps       int  // step budget, 0 when unset

	// Prompt is the `prompt` field when set, else the body trimmed of surrounding blank lines
	// (line endings read as "\n").
	Prompt string

	Form   Form
	Preset string   // FormPreset: the preset, lower-cased
	Legacy []string // FormLegacy: the words as written

	// Rules are the expanded rules, in order, each with its source: the file and line for a
	// rule map, builtin:NAME for a built-in's rule map, preset:NAME for a preset or the
	// legacy list.
	Rules engine.Ruleset

	// Examples are the calls the `examples:` block expects the rules to decide a certain way,
	// in file order.
	Examples []Example

	Scope Scope
	Path  string // the file read; "" for built-ins

	Unknown []string  // frontmatter keys this package does not know, in file order, kept on write
	Notes   []Problem // warnings and informational notes about the file
}

// IsPrimary reports whether the persona is offered for switching (not a subagent).
func (p *Persona) IsPrimary() bool { return p.Type != TypeSubagent }

// Label is the persona's name with its icon in front when it has one, as pickers show it.
func (p *Persona) Label() string {
	if p.Icon == "" {
		return p.Name
	}
	return p.Icon + " " + p.Name
}

// Where says where the persona comes from, for people: the file, or "built-in".
func (p *Persona) Where() string {
	if p.Path == "" {
		return "built-in"
	}
	return p.Path
}
