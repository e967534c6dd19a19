package convert

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// claudeColors maps Claude Code's eight agent colours to the nearest theme token.
var claudeColors = map[string]string{
	"red": "error", "green": "success", "yellow": "warning", "orange": "warning",
	"blue": "info", "cyan": "info", "purple": "accent", "pink": "accent",
}

// ImportClaudeAgent converts a Claude Code subagent file (.claude/agents/NAME.md). A subagent
// file holds no pattern rules: its tools list says what it may use, and Claude Code's default
// mode (or its permissionMode) decides those calls. settings, when not nil, is a settings.json
// whose permission tiers are merged in (settingsSource names it in the report).
func ImportClaudeAgent(source string, data []byte, settingsSource string, settings []byte) (*Item, error) {
	fmText, body, line, err := frontmatterOf(source, data, "a Claude Code subagent: a frontmatter block between --- lines, then the prompt")
	if err != nil {
		return nil, err
	}
	rep := newReport(source, "", EnforcedByFile)
	var fm yaml.MapSlice
	v, err := decodeOrdered(fmText)
	switch m, isMap := v.(yaml.MapSlice); {
	case err == nil && isMap:
		fm = m
	case err == nil && v == nil:
	default:
		// Claude Code loads frontmatter a strict parser rejects (descriptions with `key:` text
		// and <example> blocks); read it the way it does and say so.
		fm = lenientFrontmatter(fmText)
		why := "not a YAML map"
		if err != nil {
			why = yamlError(source, line, err).Error()
		}
		rep.change("frontmatter", "invalid YAML ("+why+")", "read line by line",
			"Claude Code loads it; each top-level key: line was taken as a field and the lines up to the next one as its value")
	}
	d := &Draft{Prompt: strings.TrimSpace(body)}
	var st *claudeSettings
	if settings != nil {
		if st, err = parseClaudeSettings(settingsSource, settings); err != nil {
			return nil, err
		}
	}
	if err := claudeAgentFields(d, fm, st, source, rep); err != nil {
		return nil, err
	}
	rep.Target = d.Name
	if d.Prompt != "" {
		rep.keep("prompt")
	}
	return &Item{Draft: d, Report: rep}, nil
}

func claudeAgentFields(d *Draft, fm yaml.MapSlice, st *claudeSettings, source string, rep *Report) error {
	name := str(must(get(fm, "name")))
	if name == "" {
		name = strings.TrimSuffix(baseName(source), ".md")
	}
	d.Name = nameFor(name, rep)
	d.Description = strings.TrimSpace(str(must(get(fm, "description"))))
	if d.Description == "" {
		d.Description = firstSentence(d.Prompt)
		if d.Description == "" {
			d.Description = "Imported from Claude Code: " + name
		}
		rep.change("description", "", d.Description, "a persona needs a description; the source had none")
	} else {
		rep.keep("description")
	}
	d.Type = personas.TypeSubagent
	rep.keep("type (subagent)")

	mode := str(must(get(fm, "permissionMode")))
	var available map[string]bool
	var rules engine.Ruleset
	// The figure counts the source's rules: each tools entry, each rule of the settings file
	// and each disallowedTools entry.
	var verdicts ruleVerdicts
	if tv, ok := get(fm, "tools"); ok {
		tools := claudeToolList(tv)
		available = map[string]bool{}
		rules = append(rules, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Deny})
		for _, t := range tools {
			c, _, ok := parseListedRule("tools", t, &verdicts, rep)
			if !ok {
				continue
			}
			canon := canonicalClaudeTool(c.Tool)
			if canon != c.Tool {
				rep.change("tools "+c.Tool, c.Tool, canon, "Claude Code tool names are capitalised")
				c.Tool = canon
			}
			key := claudeKey(c.Tool)
			if c.Has && key == "task" {
				for _, a := range splitTools(c.Spec) {
					rules = append(rules, engine.Rule{Permission: "task", Pattern: a, Action: engine.Allow})
				}
				available["task"] = true
				continue
			}
			if available[key] {
				continue
			}
			available[key] = true
			rules = append(rules, engine.Rule{Permission: key, Pattern: "*", Action: claudeDefaultAction(mode, key)})
		}
		if len(tools) == 0 {
			rep.change("tools", "[]", "deny all", "an empty tools list gives the subagent no tools")
		} else {
			rep.keep("tools (as rules: deny all, then each listed tool)")
		}
	} else {
		rules = claudeBaseline(mode, nil, rep)
	}
	if mode != "" {
		d.keep("x-claude", "permissionMode", mode)
		rep.change("permissionMode", mode, "rules, and x-claude.permissionMode", "agentmgr has no permission modes; the mode's effect is written as rules")
	}
	if st != nil {
		rules = append(rules, st.tierRules(available, rep, &verdicts)...)
		st.reportRest(d, rep)
		rep.EnforcedBy = EnforcedByFile
	}
	if dv, ok := get(fm, "disallowedTools"); ok {
		for _, t := range claudeToolList(dv) {
			c, mark, ok := parseListedRule("disallowedTools", t, &verdicts, rep)
			if !ok {
				continue
			}
			c.Tool = canonicalClaudeTool(c.Tool)
			rules = append(rules, claudeRuleToRules(c, engine.Deny, rep, mark)...)
		}
		rep.keep("disallowedTools (as deny rules, last)")
	}
	d.Rules = rules
	rep.Fidelity = verdicts.fidelity()

	for _, it := range fm {
		k := fmt.Sprint(it.Key)
		switch k {
		case "name", "description", "tools", "disallowedTools", "permissionMode":
		case "color":
			c := strings.ToLower(str(it.Value))
			if tok, ok := claudeColors[c]; ok {
				d.Color = tok
				rep.change("color", c, tok, "the nearest theme token")
			} else {
				rep.change("color", c, "x-claude.color", "not one of Claude Code's eight colours and no theme token; kept for export")
			}
			d.keep("x-claude", "color", it.Value)
		case "maxTurns":
			if n, ok := asInt(it.Value); ok && n > 0 {
				d.Steps = n
				rep.change("maxTurns", str(it.Value), "steps", "the persona's step budget")
			} else {
				d.keep("x-claude", k, it.Value)
				rep.change(k, str(it.Value), "x-claude."+k, "not a positive number; kept for export")
			}
		case "hooks":
			if isGateHook(it.Value) {
				rep.keep("hooks (the agentmgr gate: the persona's rules decide)")
				continue
			}
			d.keep("x-claude", k, it.Value)
			rep.change(k, "hooks", "x-claude.hooks", "agentmgr does not run Claude Code hooks; kept for export")
		case agentmgrNS:
			if err := restoreExported(d, rep, it.Value, source, "rules and fields"); err != nil {
				return err
			}
		default:
			d.keep("x-claude", k, it.Value)
			rep.change(k, str(it.Value), "x-claude."+k, "agentmgr does not use "+k+"; kept for export")
		}
	}
	return nil
}

// must drops the found flag of get.
func must(v any, _ bool) any { return v }

// claudeDefaultAction is what Claude Code decides for an available tool with no rule.
func claudeDefaultAction(mode, key string) engine.Action {
	switch mode {
	case "bypassPermissions", "auto":
		return engine.Allow
	case "acceptEdits":
		if key == "edit" {
			return engine.Allow
		}
	}
	switch key {
	case "read", "grep", "glob", "list":
		return engine.Allow
	}
	if mode == "dontAsk" {
		return engine.Deny
	}
	return engine.Ask
}

// claudeToolList reads a tools value: a comma string, a list, or nothing.
func claudeToolList(v any) []string {
	switch x := v.(type) {
	case string:
		return splitTools(x)
	case []any:
		var out []string
		for _, e := range x {
			if s := strings.TrimSpace(str(e)); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// splitTools splits "Read, Grep, Agent(a, b)" at the commas outside parentheses.
func splitTools(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s + "," {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth <= 0 {
				if t := strings.TrimSpace((s + ",")[start:i]); t != "" {
					out = append(out, t)
				}
				start = i + 1
			}
		}
	}
	return out
}

// parseListedRule parses entry t of an agent's list field (tools, disallowedTools), a source
// rule the figure counts: one that does not parse is reported lost, counted so, and ok is
// false. mark records what became of a rule that parses.
func parseListedRule(field, t string, verdicts *ruleVerdicts, rep *Report) (c ClaudeRule, mark func(int), ok bool) {
	mark = verdicts.next()
	c, err := ParseClaudeRule(t)
	if err != nil {
		rep.lose(field+" "+t, err.Error())
		mark(ruleLost)
		return c, mark, false
	}
	return c, mark, true
}

// canonicalClaudeTool spells a tool name the way Claude Code does ("read" is Read).
func canonicalClaudeTool(t string) string {
	for _, ct := range mapping.ClaudeTools() {
		if strings.EqualFold(ct.Name, t) {
			return ct.Name
		}
	}
	return t
}
