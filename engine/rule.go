// Package engine is the pure decision core: rules with wildcard patterns, last-match-wins
// evaluation, hidden tools, permission mode, lint, and the composition of persona, guard and
// session rules into one decision. It knows nothing of files, of pending requests or of the
// GUI: package approvals turns its ask decisions into requests a person answers and keeps the
// session rules they approve.
package engine

import (
	"fmt"
	"strconv"
)

// Action is what a rule decides for a call.
type Action string

// The three actions, from least to most restrictive.
const (
	Allow Action = "allow"
	Ask   Action = "ask"
	Deny  Action = "deny"
)

// ParseAction reads an action word; it is case-sensitive, as in the files pi reads.
func ParseAction(s string) (Action, error) {
	switch a := Action(s); a {
	case Allow, Ask, Deny:
		return a, nil
	}
	return "", fmt.Errorf("unknown action %q; expected allow, ask or deny", s)
}

// rank orders actions by restrictiveness.
func (a Action) rank() int {
	switch a {
	case Allow:
		return 0
	case Ask:
		return 1
	}
	return 2 // deny, and anything unknown, fails closed
}

// Stricter returns the more restrictive of a and b.
func Stricter(a, b Action) Action {
	if b.rank() > a.rank() {
		return b
	}
	return a
}

// SourceKind says where a rule came from.
type SourceKind string

// Kinds of rule sources.
const (
	FromFile    SourceKind = "file"    // a persona file on disk
	FromBuiltin SourceKind = "builtin" // a built-in persona
	FromPreset  SourceKind = "preset"  // a preset (read, plan, build) or the legacy list
	FromSession SourceKind = "session" // a session's rules
	FromGuard   SourceKind = "guard"   // a guards.yaml file
	FromRequest SourceKind = "rules"   // rules given inline, e.g. to `agentmgr eval`
	// FromManaged is the managed guards file the system's administrator keeps
	// (locations.ManagedGuards): a guard above the user's.
	FromManaged SourceKind = "managed guard"
	// FromBuiltinGuard is agentmgr's own guard, which no file holds and nobody can drop: it
	// protects agentmgr's files and the commands that change its rules, state or trust.
	FromBuiltinGuard SourceKind = "builtin guard"
)

// Source locates a rule: the file and line it was written on, or the built-in, preset or
// session it came from.
type Source struct {
	Kind SourceKind
	Name string // file path, built-in persona name, preset name, or session id
	Line int    // 1-based line in the file, 0 when unknown
}

// Guard reports whether the rule is a guard's (a guards file's or the built-in guard's):
// a protection no persona, session rule or yolo may loosen.
func (s Source) Guard() bool {
	return s.Kind == FromGuard || s.Kind == FromBuiltinGuard || s.Kind == FromManaged
}

// String renders the source the way decisions report it: "path:line", "builtin:planner",
// "preset:plan", "session", "guard", "builtin guard" or "rules".
func (s Source) String() string {
	switch s.Kind {
	case FromFile:
		if s.Line > 0 {
			return s.Name + ":" + strconv.Itoa(s.Line)
		}
		return s.Name
	case FromBuiltin, FromPreset:
		return string(s.Kind) + ":" + s.Name
	case "":
		return ""
	}
	return string(s.Kind)
}

// Location is where a person can find the rule: "path:line", "builtin:planner line 4",
// or the same as String when there is nothing more precise.
func (s Source) Location() string {
	switch {
	case s.Kind == FromFile:
		return s.String()
	case (s.Kind == FromGuard || s.Kind == FromManaged || s.Kind == FromBuiltin) && s.Line > 0:
		if s.Kind != FromBuiltin {
			return string(s.Kind) + " " + s.Name + ":" + strconv.Itoa(s.Line)
		}
		return s.String() + " line " + strconv.Itoa(s.Line)
	}
	return s.String()
}

// Rule decides Action for calls whose permission key matches Permission and whose value matches
// Pattern; both are wildcard patterns.
type Rule struct {
	Permission string `json:"permission"`
	Pattern    string `json:"pattern"`
	Action     Action `json:"action"`
	Reason     string `json:"reason,omitempty"` // shown to the agent when the rule denies
	// NoEffects makes a bash rule mean only the commands its pattern matches: a deny or ask
	// of `rm *` then no longer covers the other forms of deleting files (find -delete, git
	// clean), its effect family (docs/shell.md). Written {action: deny, effects: false}.
	NoEffects bool   `json:"no_effects,omitempty"`
	Source    Source `json:"-"`
}

// String renders the rule as `"key" "pattern" action`.
func (r Rule) String() string {
	return strconv.Quote(r.Permission) + " " + strconv.Quote(r.Pattern) + " " + string(r.Action)
}

// Ruleset is an ordered list of rules: order is meaning, the last match wins.
type Ruleset []Rule

// WithSource returns a copy of rs with every rule's source set to src (lines kept when src has none).
func (rs Ruleset) WithSource(src Source) Ruleset {
	out := make(Ruleset, len(rs))
	for i, r := range rs {
		line := r.Source.Line
		r.Source = src
		if src.Line == 0 {
			r.Source.Line = line
		}
		out[i] = r
	}
	return out
}
