// Package builtin holds what agentmgr ships: the presets read, plan and build, the legacy list
// conversion, and the built-in personas planner and builder as embedded Markdown files (parsed by
// the personas package like any user file).
package builtin

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// Presets names the presets in the order they are offered.
var Presets = []string{"read", "plan", "build"}

// readKeys are the permission keys that only look.
var readKeys = []string{"read", "grep", "glob", "list"}

// Preset returns the rules of a preset (case-insensitive), each with source preset:NAME. The
// presets are exactly pi-agent-manager's (no external_directory rule, so that a persona reads
// alike in both): read and plan deny outside paths with their `* * deny`, build allows them
// with its `* * allow`; the built-ins planner and builder ask.
func Preset(name string) (engine.Ruleset, error) {
	var rs engine.Ruleset
	add := func(key, pattern string, a engine.Action) {
		rs = append(rs, engine.Rule{Permission: key, Pattern: pattern, Action: a})
	}
	lower := strings.ToLower(name)
	switch lower {
	case "read", "plan":
		add("*", "*", engine.Deny)
		for _, k := range readKeys {
			add(k, "*", engine.Allow)
		}
		if lower == "plan" {
			for _, k := range []string{"websearch", "webfetch", "task"} {
				add(k, "*", engine.Allow)
			}
		}

	case "build":
		add("*", "*", engine.Allow)
		for _, p := range []string{"rm *", "sudo *", "chmod *", "chown *"} {
			add("bash", p, engine.Ask)
		}

	default:
		return nil, fmt.Errorf("unknown preset %q; expected read, plan or build", name)
	}
	return rs.WithSource(engine.Source{Kind: engine.FromPreset, Name: lower}), nil
}

// IsPreset reports whether name is a preset (case-insensitive).
func IsPreset(name string) bool {
	_, err := Preset(name)
	return err == nil
}

// LegacyWords are the words of the legacy permissions list, in the order they are applied.
var LegacyWords = []string{"read", "write", "ask", "web", "subagent"}

// Legacy converts the legacy list form (docs/rules.md): start from `* * deny`, then add the
// allow or ask rules of each word, in the fixed order read, write, ask, web, subagent whatever
// the order of the list. An unknown word is an error naming the expected words.
func Legacy(words []string) (engine.Ruleset, error) {
	has := map[string]bool{}
	for _, w := range words {
		lw := strings.ToLower(strings.TrimSpace(w))
		if !contains(LegacyWords, lw) {
			return nil, fmt.Errorf("unknown legacy permission %q; expected one of %s", w, strings.Join(LegacyWords, ", "))
		}
		has[lw] = true
	}
	rs := engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Deny}}
	add := func(a engine.Action, keys ...string) {
		for _, k := range keys {
			rs = append(rs, engine.Rule{Permission: k, Pattern: "*", Action: a})
		}
	}
	if has["read"] {
		add(engine.Allow, readKeys...)
	}
	if has["write"] {
		add(engine.Allow, "edit", "bash")
	}
	if has["ask"] {
		add(engine.Ask, "edit", "bash")
	}
	if has["web"] {
		add(engine.Allow, "websearch", "webfetch")
	}
	if has["subagent"] {
		add(engine.Allow, "task")
	}
	return rs.WithSource(engine.Source{Kind: engine.FromPreset, Name: "legacy"}), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
