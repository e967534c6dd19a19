package convert

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// GateCommand is the hook command that makes Claude Code ask agentmgr about every tool call of
// the persona name, with agentmgr found on PATH.
func GateCommand(name string) string { return GateCommandAt("agentmgr", name) }

// GateCommandAt is GateCommand with the agentmgr binary at bin (an absolute path, or a name
// looked up on PATH). The command fails closed: Claude Code treats a hook's exit status 2 as a
// block and any other failure (127 for a missing binary) as a warning that lets the call run,
// so a binary that is missing, or that fails without answering, exits 2 with the reason.
func GateCommandAt(bin, name string) string {
	q := shQuote(bin)
	return "command -v " + q + " >/dev/null 2>&1 || { echo \"agentmgr is not at " + bin + " (re-run agentmgr export): the call is blocked\" >&2; exit 2; }; " +
		q + " gate claude --agent " + name + " || { echo \"agentmgr gate failed: the call is blocked\" >&2; exit 2; }"
}

// GateHookTimeout is the exported hook's timeout in seconds: a little more than the gate's
// 120 s wait for the person's answer, so Claude Code never kills a gate that still waits.
const GateHookTimeout = 130

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./+@%:", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// gateHook is the hooks value that runs the gate before every tool call and every inline
// command of a skill.
func gateHook(bin, name string) yaml.MapSlice {
	return yaml.MapSlice{
		{Key: "PreToolUse", Value: []any{gateHookEntry(bin, name)}},
		{Key: "PreSkillShellCommand", Value: []any{gateHookEntry(bin, name)}},
	}
}

func gateHookEntry(bin, name string) yaml.MapSlice {
	return yaml.MapSlice{
		{Key: "matcher", Value: "*"},
		{Key: "hooks", Value: []any{yaml.MapSlice{{Key: "type", Value: "command"}, {Key: "command", Value: GateCommandAt(bin, name)}, {Key: "timeout", Value: GateHookTimeout}}}},
	}
}

// isGateCommand reports whether a hook's text runs the agentmgr gate.
func isGateCommand(s string) bool {
	return strings.Contains(s, "agentmgr gate claude") || strings.Contains(s, "agentmgr") && strings.Contains(s, " gate claude --agent ")
}

// isGateHook reports whether a hooks value holds only the agentmgr gate (what export writes).
func isGateHook(v any) bool {
	m, ok := v.(yaml.MapSlice)
	if !ok || len(m) == 0 {
		return false
	}
	for _, it := range m {
		switch fmt.Sprint(it.Key) {
		case "PreToolUse", "PreSkillShellCommand":
		default:
			return false
		}
		list, _ := it.Value.([]any)
		if len(list) != 1 || !isGateCommand(str(list[0])) {
			return false
		}
	}
	return true
}

// tokenColors maps theme tokens to the nearest of Claude Code's eight colours.
var tokenColors = map[string]string{
	"error": "red", "success": "green", "warning": "yellow", "info": "blue", "accent": "purple", "borderAccent": "cyan",
}

// ExportClaude converts persona p into a Claude Code subagent file (agents/NAME.md) and a
// settings fragment (NAME.settings.json). Claude Code has no pattern rules per subagent, so
// the subagent's hooks run the agentmgr gate pinned to the persona: the persona's own rules
// decide every call exactly. The settings fragment holds the rules that Claude Code's tiers can
// express, for use without the gate; each probe call its tiers decide differently is reported.
// src is the persona file's text, read for what it keeps under x-claude (nil for a built-in).
func ExportClaude(p *personas.Persona, src []byte) (*Export, error) {
	return ExportClaudeWith(p, src, "agentmgr")
}

// ExportClaudeWith is ExportClaude with the hook naming the agentmgr binary bin, an absolute
// path as `agentmgr export` writes it, so that the subagent does not depend on PATH.
func ExportClaudeWith(p *personas.Persona, src []byte, bin string) (*Export, error) {
	rep := newReport(p.Where(), "agents/"+p.Name+".md", EnforcedByGate)
	pol := probePolicy(p.Rules)
	fm := yaml.MapSlice{{Key: "name", Value: p.Name}, {Key: "description", Value: p.Description}}
	rep.keep("name", "description")

	var tools []string
	hidden := false
	for _, t := range mapping.ClaudeTools() {
		if pol.Persona.HiddenKey(t.Key) {
			hidden = true
			continue
		}
		tools = append(tools, t.Name)
	}
	if hidden {
		fm = append(fm, yaml.MapItem{Key: "tools", Value: strings.Join(tools, ", ")})
		rep.keep("hidden tools (left out of tools)")
		rep.lose("MCP tools", "a tools list leaves out every tool it does not name; add MCP tools by name (mcp__server__tool)")
	} else {
		rep.keep("tools (none hidden: the subagent inherits every tool)")
	}
	passthrough := passthroughOf(src, "x-claude")
	reportForeign(src, "x-claude", rep)
	for _, it := range passthrough {
		k := fmt.Sprint(it.Key)
		if k == "hooks" {
			continue
		}
		fm = append(fm, it)
		rep.keep(k + " (from x-claude)")
	}
	if _, ok := get(passthrough, "color"); !ok && p.Color != "" {
		if c, ok := tokenColors[p.Color]; ok {
			fm = append(fm, yaml.MapItem{Key: "color", Value: c})
			rep.change("color", p.Color, c, "the nearest of Claude Code's eight colours")
		} else {
			rep.change("color", p.Color, "x-agentmgr.color", "no Claude Code colour is near it; kept for import")
		}
	}
	if p.Steps > 0 {
		fm = append(fm, yaml.MapItem{Key: "maxTurns", Value: p.Steps})
		rep.change("steps", fmt.Sprint(p.Steps), "maxTurns", "Claude Code's step budget")
	}
	hooks := gateHook(bin, p.Name)
	if hv, ok := get(passthrough, "hooks"); ok {
		hooks = withGate(hv, bin, p.Name)
	}
	fm = append(fm, yaml.MapItem{Key: "hooks", Value: hooks})
	rep.keep(fmt.Sprintf("rules (enforced by the hook running %s gate claude --agent %s, timeout %d s; it blocks the call, exit 2 with the reason, when agentmgr cannot run)", bin, p.Name, GateHookTimeout))
	if p.Type != personas.TypeSubagent {
		rep.change("type", p.Type, "subagent", "Claude Code agents are subagents; run it as the main agent with claude --agent "+p.Name)
	}
	if p.Icon != "" {
		rep.change("icon", p.Icon, "x-agentmgr.icon", "Claude Code agents have no icon; kept for import")
	}
	if p.Hidden {
		rep.change("hidden", "true", "x-agentmgr.hidden", "Claude Code has no hidden agents; kept for import")
	}
	fm = append(fm, yaml.MapItem{Key: agentmgrNS, Value: agentmgrBlock(p)})
	y, err := yaml.MarshalWithOptions(fm, yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write the subagent file: %w", p.Name, err)
	}
	md := "---\n" + string(y) + "---\n"
	if p.Prompt != "" {
		md += strings.TrimSpace(p.Prompt) + "\n"
		rep.keep("prompt")
	}

	tiers := rulesToTiers(p.Rules, rep)
	settings, err := json.MarshalIndent(map[string]any{"permissions": tiers}, "", "  ")
	if err != nil {
		return nil, err
	}
	compareTiers(p.Rules, tiers, rep)
	// The subagent file always carries the gate hook, and with it agentmgr decides every call
	// by the persona's own rules: each rule is enforced as written. What the settings
	// fragment alone would decide differently is in the report's changed and lost lines; it
	// does not count here, since the fragment is the fallback without the hook, not the
	// enforcement of this export.
	rep.Fidelity = &Fidelity{Rules: len(p.Rules), Exact: len(p.Rules)}
	return &Export{
		Files:  []File{{Path: "agents/" + p.Name + ".md", Data: []byte(md)}, {Path: p.Name + ".settings.json", Data: append(settings, '\n')}},
		Report: rep,
	}, nil
}

// passthroughOf is what a persona file keeps under the passthrough key ns.
func passthroughOf(src []byte, ns string) yaml.MapSlice {
	m, _ := frontmatterIn(src)
	pv, _ := get(m, ns)
	out, _ := pv.(yaml.MapSlice)
	return out
}

// withGate adds the gate's PreToolUse and PreSkillShellCommand entries to hooks the persona
// kept from Claude Code; an entry of an earlier export's gate is replaced, so that the binary
// and the fail-closed wrapper are this export's.
func withGate(hv any, bin, name string) yaml.MapSlice {
	m, ok := hv.(yaml.MapSlice)
	if !ok {
		return gateHook(bin, name)
	}
	out := append(yaml.MapSlice(nil), m...)
	for _, event := range []string{"PreToolUse", "PreSkillShellCommand"} {
		found := false
		for i := range out {
			if fmt.Sprint(out[i].Key) != event {
				continue
			}
			found = true
			list, _ := out[i].Value.([]any)
			var kept []any
			for _, h := range list {
				if !isGateCommand(str(h)) {
					kept = append(kept, h)
				}
			}
			out[i].Value = append(kept, gateHookEntry(bin, name))
		}
		if !found {
			out = append(out, yaml.MapItem{Key: event, Value: []any{gateHookEntry(bin, name)}})
		}
	}
	return out
}

// rulesToTiers sorts the persona's rules into Claude Code's tiers by action. A rule Claude
// Code cannot name is reported lost from the settings (the gate still enforces it).
func rulesToTiers(rs engine.Ruleset, rep *Report) ClaudeTiers {
	t := ClaudeTiers{Allow: []string{}, Ask: []string{}, Deny: []string{}}
	seen := map[string]bool{}
	for _, r := range rs {
		names, why := ruleToClaude(r)
		if len(names) == 0 {
			rep.lose("settings: "+r.String(), why+"; the gate still enforces it")
			continue
		}
		for _, n := range names {
			k := string(r.Action) + " " + n
			if seen[k] {
				continue
			}
			seen[k] = true
			switch r.Action {
			case engine.Allow:
				t.Allow = append(t.Allow, n)
			case engine.Ask:
				t.Ask = append(t.Ask, n)
			default:
				t.Deny = append(t.Deny, n)
			}
		}
	}
	return t
}

// claudeAllTools are the tools a `*` permission stands for in Claude Code's lists.
var claudeAllTools = []string{"Bash", "Read", "Edit", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Agent", "TodoWrite"}

// ruleToClaude spells one agentmgr rule as Claude Code rules, or says why it cannot.
func ruleToClaude(r engine.Rule) ([]string, string) {
	if r.Permission == "*" {
		if r.Pattern == "*" {
			return claudeAllTools, ""
		}
		return nil, "Claude Code rules name one tool; a pattern over every tool has no spelling"
	}
	if strings.HasPrefix(r.Permission, "mcp__") {
		if r.Pattern != "*" {
			return nil, "MCP tools take no specifier in Claude Code"
		}
		parts := strings.Split(r.Permission, "__")
		switch {
		case len(parts) == 3 && parts[2] == "*" && !strings.ContainsAny(parts[1], "*?"):
			return []string{"mcp__" + parts[1]}, ""
		case !strings.ContainsAny(r.Permission, "*?"):
			return []string{r.Permission}, ""
		}
		return nil, "Claude Code names MCP tools one server at a time"
	}
	if strings.ContainsAny(r.Permission, "*?") {
		return nil, "Claude Code rules name tools, not tool patterns"
	}
	tool := claudeToolForKey(r.Permission)
	switch r.Permission {
	case "edit":
		tool = "Edit"
	case "task":
		tool = "Agent"
	}
	if tool == "" {
		return nil, "no Claude Code tool is decided under " + r.Permission
	}
	if r.Pattern == "*" {
		return []string{tool}, ""
	}
	switch r.Permission {
	case "bash":
		return []string{"Bash(" + r.Pattern + ")"}, ""
	case "read", "edit":
		return []string{tool + "(" + globToClaudePath(r.Pattern) + ")"}, ""
	case "webfetch":
		for _, pre := range []string{"https://", "http://"} {
			if host, ok := strings.CutPrefix(r.Pattern, pre); ok {
				host = strings.TrimSuffix(strings.TrimSuffix(host, "*"), "/")
				if host != "" && !strings.ContainsAny(host, "*?/") {
					return []string{"WebFetch(domain:" + host + ")"}, ""
				}
			}
		}
		return nil, "Claude Code's WebFetch rules name a domain, not a URL pattern"
	case "task":
		return []string{"Agent(" + r.Pattern + ")"}, ""
	}
	return nil, "Claude Code's " + tool + " rules take no pattern"
}

// globToClaudePath spells an agentmgr path pattern (where `*` crosses `/`) in Claude Code's
// gitignore style: every `*` becomes `**`; an absolute path is written //path, a relative one
// ./path, and a leading `*` before a name with no other wildcard or slash is a bare name,
// which Claude Code matches at any depth.
func globToClaudePath(p string) string {
	if rest, ok := strings.CutPrefix(p, "*"); ok && !strings.ContainsAny(rest, "*?/") {
		return p
	}
	q := p
	for strings.Contains(q, "**") {
		q = strings.ReplaceAll(q, "**", "*")
	}
	q = strings.ReplaceAll(q, "*", "**")
	switch {
	case strings.HasPrefix(q, "/"):
		return "/" + q
	case strings.HasPrefix(q, "~/"), strings.HasPrefix(q, "**"):
		return q
	}
	return "./" + q
}

// compareTiers decides every probe with the persona's rules and with Claude Code's tiers, and
// reports the calls they decide differently.
func compareTiers(rs engine.Ruleset, t ClaudeTiers, rep *Report) {
	pol := probePolicy(rs)
	compareDecisions(probesFor(rs),
		func(p Probe) engine.Action { return DecideProbe(pol, p) },
		func(p Probe) engine.Action { return ClaudeDecide(t, p.Tool, p.Value) },
		"settings tiers", "Claude Code checks deny, then ask, then allow, whatever the order; the gate hook decides these calls as the persona does", rep)
}
