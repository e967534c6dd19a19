package gui

import (
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
)

// presetSep separates a preset's name from what it allows in a choice.
const presetSep = " — "

// presetChoice is how a preset is offered in a dropdown: its name and what it allows, so that
// the choice is made knowing it.
func presetChoice(name string) string {
	if s := presetSummary(name); s != "" {
		return name + presetSep + s
	}
	return name
}

// presetChoices are the dropdown choices of every preset, in builtin.Presets's order.
func presetChoices() []string {
	out := make([]string, len(builtin.Presets))
	for i, p := range builtin.Presets {
		out[i] = presetChoice(p)
	}
	return out
}

// presetOfChoice is the preset name a choice stands for.
func presetOfChoice(choice string) string {
	name, _, _ := strings.Cut(choice, presetSep)
	return name
}

// presetSummary says what preset name allows, read from its rules (so it cannot drift from
// them): a preset starting from `* * deny` lists the keys it allows, one starting from
// `* * allow` lists the shell commands it still asks for. "" for an unknown preset.
func presetSummary(name string) string {
	rs, err := builtin.Preset(name)
	if err != nil || len(rs) == 0 {
		return ""
	}
	var allowed, asked []string
	for _, r := range rs[1:] {
		switch {
		case r.Action == engine.Allow && r.Pattern == "*":
			allowed = append(allowed, r.Permission)
		case r.Action == engine.Ask:
			asked = append(asked, r.Permission+" "+r.Pattern)
		}
	}
	first := rs[0]
	if first.Permission != "*" || first.Pattern != "*" {
		return ""
	}
	switch first.Action {
	case engine.Deny:
		return "allows only " + strings.Join(allowed, ", ") + "; denies everything else"
	case engine.Allow:
		s := "allows everything"
		if len(asked) > 0 {
			s += "; asks for " + strings.Join(asked, ", ")
		}
		return s
	}
	return ""
}
