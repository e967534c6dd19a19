package convert

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// claudeSettings is what a settings.json says about permissions.
type claudeSettings struct {
	tiers       ClaudeTiers
	defaultMode string
	other       []string // top-level keys that are not about permissions
	extra       yaml.MapSlice
}

// parseClaudeSettings reads the permissions block of a Claude Code settings file.
func parseClaudeSettings(source string, data []byte) (*claudeSettings, error) {
	v, err := decodeFile(source, data)
	if err != nil {
		return nil, err
	}
	root, ok := v.(yaml.MapSlice)
	if !ok {
		return nil, fmt.Errorf("%s:1:1: expected a JSON object with a \"permissions\" object", source)
	}
	s := &claudeSettings{}
	for _, it := range root {
		if k := fmt.Sprint(it.Key); k != "permissions" {
			s.other = append(s.other, k)
		}
	}
	pv, _ := get(root, "permissions")
	perms, ok := pv.(yaml.MapSlice)
	if pv != nil && !ok {
		return nil, fmt.Errorf("%s: permissions: expected an object with allow, ask and deny lists", source)
	}
	for _, it := range perms {
		k := fmt.Sprint(it.Key)
		switch k {
		case "allow", "ask", "deny":
			list, ok := it.Value.([]any)
			if !ok && it.Value != nil {
				return nil, fmt.Errorf("%s: permissions.%s: expected a list of rules such as \"Bash(git diff:*)\"", source, k)
			}
			var out []string
			for i, x := range list {
				r, ok := x.(string)
				if !ok {
					return nil, fmt.Errorf("%s: permissions.%s[%d]: expected a rule string such as \"Read(./src/**)\"", source, k, i)
				}
				if _, err := ParseClaudeRule(r); err != nil {
					return nil, fmt.Errorf("%s: permissions.%s[%d]: %w", source, k, i, err)
				}
				out = append(out, r)
			}
			switch k {
			case "allow":
				s.tiers.Allow = out
			case "ask":
				s.tiers.Ask = out
			default:
				s.tiers.Deny = out
			}
		case "defaultMode":
			s.defaultMode = str(it.Value)
		default:
			s.extra = append(s.extra, it)
		}
	}
	return s, nil
}

// ImportClaudeSettings makes one persona of a Claude Code settings file's permissions: the
// default mode's baseline, then the allow rules, then ask, then deny. Under last-match-wins
// that order decides as Claude Code's deny > ask > allow tiers do.
func ImportClaudeSettings(source, name string, data []byte) (*Item, error) {
	s, err := parseClaudeSettings(source, data)
	if err != nil {
		return nil, err
	}
	d := &Draft{Name: name, Description: "Permissions imported from the Claude Code settings file " + baseName(source)}
	rep := newReport(source, name, EnforcedByFile)
	rep.change("description", "", d.Description, "a settings file has no description")
	d.Rules = append(claudeAsksFirst(s, rep), claudeBaseline(s.defaultMode, nil, rep)...)
	var verdicts ruleVerdicts
	d.Rules = append(d.Rules, s.tierRules(nil, rep, &verdicts)...)
	rep.Fidelity = verdicts.fidelity()
	s.reportRest(d, rep)
	return &Item{Draft: d, Report: rep}, nil
}

// claudeAsksFirst is the catch-all ask that starts a settings file's persona in the modes that
// ask: Claude Code asks before every edit, command, fetch and tool call no rule allows (reads in
// the project need none). Without it a tool's only rule could be a deny on a path pattern
// (deny Edit(./secrets/**)), and a key whose every rule denies is hidden: edit, write and
// apply_patch would be gone instead of asking for other files. The report says where the
// result differs from a literal copy of the rules.
func claudeAsksFirst(s *claudeSettings, rep *Report) engine.Ruleset {
	switch s.defaultMode {
	case "plan", "dontAsk", "bypassPermissions", "auto":
		return nil // these modes start from a catch-all of their own
	}
	rep.change("tools no rule names", "asked about by Claude Code", `"*": ask`,
		"Claude Code asks before edits, commands, fetches and other tools unless a rule allows them; the persona says so first, so that a deny never hides a whole tool")
	allowed := map[string]bool{}
	for _, r := range append(append([]string{}, s.tiers.Allow...), s.tiers.Ask...) {
		if c, err := ParseClaudeRule(r); err == nil {
			allowed[claudeKey(c.Tool)] = true
		}
	}
	for _, r := range s.tiers.Deny {
		c, err := ParseClaudeRule(r)
		if err != nil || !c.Has || allowed[claudeKey(c.Tool)] {
			continue
		}
		key := claudeKey(c.Tool)
		rep.change("deny "+r, "the only "+key+" rule (which would hide "+key+")", "denies what it names; other "+key+" calls ask",
			"Claude Code denies only what the pattern matches and asks for the rest")
	}
	return engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Ask}}
}

// claudeBaseline is what Claude Code decides with no rule, in mode, as ordered rules. With
// available set, only those permission keys are usable (a subagent's tools list).
func claudeBaseline(mode string, available map[string]bool, rep *Report) engine.Ruleset {
	var rs engine.Ruleset
	add := func(key string, a engine.Action) {
		if available == nil || available[key] {
			rs = append(rs, engine.Rule{Permission: key, Pattern: "*", Action: a})
		}
	}
	reads := func() {
		for _, k := range []string{"read", "grep", "glob", "list"} {
			add(k, engine.Allow)
		}
	}
	switch mode {
	case "", "default", "manual":
		reads()
	case "acceptEdits":
		reads()
		add("edit", engine.Allow)
	case "plan":
		rs = append(rs, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Deny})
		reads()
		rep.change("defaultMode", mode, "deny all, then allow reads", "plan mode runs no edits or commands; agentmgr has no plan mode, so everything but reading is denied")
	case "dontAsk":
		rs = append(rs, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Deny})
		reads()
		rep.change("defaultMode", mode, "deny all, then allow reads", "dontAsk denies whatever would ask")
	case "bypassPermissions", "auto":
		rs = append(rs, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Allow})
		rep.change("defaultMode", mode, "allow all", "agentmgr has no permission modes; the mode became a catch-all rule")
	default:
		reads()
		rep.lose("defaultMode "+mode, "not a mode agentmgr knows; the default mode was used")
	}
	if mode == "" || mode == "default" || mode == "manual" || mode == "acceptEdits" {
		rep.change("reads with no rule", "allowed inside the working directory", "read, grep, glob, list allowed",
			"Claude Code reads without asking inside the working directory; the persona allows reads everywhere unless a rule says otherwise")
	}
	return rs
}

// tierRules turns the tiers into ordered rules: allow, then ask, then deny. With available
// set, rules for tools the agent does not have are dropped (and reported). Each entry of the
// tiers is counted in verdicts.
func (s *claudeSettings) tierRules(available map[string]bool, rep *Report, verdicts *ruleVerdicts) engine.Ruleset {
	var rs engine.Ruleset
	for _, tier := range []struct {
		rules []string
		a     engine.Action
	}{{s.tiers.Allow, engine.Allow}, {s.tiers.Ask, engine.Ask}, {s.tiers.Deny, engine.Deny}} {
		for _, r := range tier.rules {
			c, _ := ParseClaudeRule(r)
			mark := verdicts.next()
			if available != nil && !available[claudeKey(c.Tool)] && tier.a != engine.Deny {
				rep.lose(string(tier.a)+" "+r, "the subagent's tools list does not include "+c.Tool)
				mark(ruleLost)
				continue
			}
			rs = append(rs, claudeRuleToRules(c, tier.a, rep, mark)...)
		}
	}
	if n := len(s.tiers.Allow) + len(s.tiers.Ask) + len(s.tiers.Deny); n > 0 {
		rep.keep(fmt.Sprintf("permissions (%d rules, as allow, then ask, then deny)", n))
	}
	return rs
}

// reportRest reports the settings that are not rules.
func (s *claudeSettings) reportRest(d *Draft, rep *Report) {
	for _, it := range s.extra {
		k := fmt.Sprint(it.Key)
		d.keep("x-claude", k, it.Value)
		rep.change("permissions."+k, str(it.Value), "x-claude."+k, "agentmgr has no such setting; kept for export")
	}
	for _, k := range s.other {
		rep.lose("settings "+k, "not part of a persona; it stays in the settings file")
	}
}

func baseName(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
