package pam

import (
	"fmt"
	"strings"
)

// Agent is one agent as the AM holds it.
type Agent struct {
	Name        string
	Description string
	// Type is the type as the AM keeps it, in JavaScript's String(): "primary" or "subagent",
	// or a falsy value the AM let through ("" for `type: ""`, "false", "0"), which makes an
	// agent that is neither: it never cycles and cannot be switched to.
	Type    string
	Rules   []Rule
	Hidden  bool    // `hidden: true` exactly; the AM still cycles hidden agents
	Steps   float64 // 0 when unset; any positive number, 2.5 included
	Prompt  string  // the body; the AM ignores a `prompt` field
	Builtin bool
	Fields  []string // the frontmatter's keys, in JavaScript order
	File    string   // file name in the agents folder; "" for a built-in
	Line    int      // line of the frontmatter's first `---`
	// PermissionsLine is the line of the permissions key; 0 for a built-in.
	PermissionsLine int
}

// IsPrimary reports whether the AM offers the agent for cycling and switching.
func (a *Agent) IsPrimary() bool { return a.Type == "primary" }

// FileResult is what the AM does with one file of its agents folder.
type FileResult struct {
	File   string // file name
	Loads  bool
	Breaks bool   // the file makes the whole extension fail to load
	Reason string // why it is skipped or breaks, in the AM's words where it has them
	Line   int    // line the reason is about; 1 when it is about the whole file
	Agent  *Agent // the agent, when it loads
}

// LoadFile is the AM's parseFile and validateAgent for one file's bytes (src/agent/config.ts).
func LoadFile(file string, data []byte) FileResult {
	res := FileResult{File: file, Line: 1}
	raw := decodeUTF8(data)
	parts := splitDelims(raw)
	if len(parts) < 2 {
		res.Reason = "Missing YAML frontmatter (--- delimiters)"
		return res
	}
	off := linesBefore(parts[0])
	fm, err := parseFrontmatter(parts[1], off)
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		res.Reason = "Invalid YAML: " + msg
		res.Line = off + 1
		return res
	}
	if fm.Kind != Object {
		res.Reason = "Frontmatter must be a YAML object"
		res.Line = off + 1
		return res
	}
	body := jsTrim(strings.Join(parts[2:], "---"))
	a, line, reason, breaks := validate(fm, body, file)
	if reason != "" {
		res.Reason, res.Breaks = reason, breaks
		if line > 0 {
			res.Line = line
		} else {
			res.Line = off + 1
		}
		return res
	}
	a.File, a.Line = file, off+1
	res.Loads, res.Agent = true, a
	return res
}

// validate is validateAgent: the first problem wins, in the AM's order of checks.
func validate(fm Value, body, file string) (a *Agent, line int, reason string, breaks bool) {
	a = &Agent{Prompt: body}
	for _, f := range fm.Fields {
		a.Fields = append(a.Fields, f.Key)
	}
	// `(fm.name as string)?.toLowerCase() ?? basename(file)`: null and absent fall back to the
	// file name, a string is lower-cased, and anything else has no toLowerCase: a TypeError that
	// nothing catches, so the extension itself fails to load.
	nv, ok := fm.Get("name")
	switch {
	case !ok || nv.Kind == Null:
		a.Name = strings.ToLower(basenameMD(file))
	case nv.Kind != String:
		return nil, fm.lineOf("name"), fmt.Sprintf("name is %s (%s), not text: fm.name?.toLowerCase is not a function, and the whole extension fails to load", nv.TypeName(), nv.JSString()), true
	default:
		a.Name = strings.ToLower(nv.Str)
	}
	if a.Name == "" {
		return nil, fm.lineOf("name"), "Missing agent name", false
	}
	dv, _ := fm.Get("description")
	if dv.Kind != String || dv.Str == "" {
		return nil, fm.lineOf("description"), "Missing or invalid description", false
	}
	a.Description = dv.Str
	pv, ok := fm.Get("permissions")
	if !ok {
		pv = Value{Kind: missing}
	}
	rules, pline, reason, breaks := parsePermissions(pv)
	if reason != "" {
		if pline == 0 {
			pline = fm.lineOf("permissions")
		}
		if pline == 0 {
			pline = fm.lineOf("permission")
		}
		return nil, pline, reason, breaks
	}
	a.Rules = rules
	a.PermissionsLine = fm.lineOf("permissions")
	a.Type = "primary"
	if tv, ok := fm.Get("type"); ok && tv.Kind != Null {
		if tv.Truthy() && !(tv.Kind == String && (tv.Str == "primary" || tv.Str == "subagent")) {
			return nil, fm.lineOf("type"), fmt.Sprintf(`Invalid type "%s" — must be primary or subagent`, tv.JSString()), false
		}
		a.Type = tv.JSString()
		if tv.Kind == String {
			a.Type = tv.Str
		}
	}
	if hv, ok := fm.Get("hidden"); ok && hv.Kind == Bool && hv.Bool {
		a.Hidden = true
	}
	if sv, ok := fm.Get("steps"); ok && sv.Kind == Number && sv.Num > 0 {
		a.Steps = sv.Num
	}
	return a, 0, "", false
}

// basenameMD is Node's basename(file, ".md").
func basenameMD(file string) string {
	if i := strings.LastIndexAny(file, `/`); i >= 0 {
		file = file[i+1:]
	}
	if file == ".md" {
		return ""
	}
	return strings.TrimSuffix(file, ".md")
}

// parsePermissions is the AM's parsePermissions. A missing field has Kind missing.
func parsePermissions(v Value) (rules []Rule, line int, reason string, breaks bool) {
	switch v.Kind {
	case String:
		key := strings.ToLower(v.Str)
		if objectPrototype[key] {
			return nil, v.Line, fmt.Sprintf(`permissions: "%s" is a property of every JavaScript object, not a preset: "preset is not iterable", and the whole extension fails to load`, v.Str), true
		}
		if p, ok := presets[key]; ok {
			return append([]Rule(nil), p...), 0, "", false
		}
		return nil, v.Line, fmt.Sprintf(`Unknown permission preset "%s". Valid: %s`, v.Str, presetNames), false
	case Array:
		words := make([]string, 0, len(v.Items))
		for _, it := range v.Items {
			if it.Kind != String {
				return nil, v.Line, "permissions must be a preset string, a legacy array, or a ruleset object", false
			}
			words = append(words, it.Str)
		}
		return legacyRules(words), 0, "", false
	case Object:
		return parseRuleset(v)
	}
	return nil, v.Line, "permissions must be a preset string, a legacy array, or a ruleset object", false
}

func isAction(s string) bool { return s == "allow" || s == "ask" || s == "deny" }

// parseRuleset is parseRulesetObject: key -> action, or key -> pattern -> action. An object
// such as {action: deny, reason: ...} is read as patterns, so it never loads.
func parseRuleset(obj Value) ([]Rule, int, string, bool) {
	rules := []Rule{}
	for _, f := range obj.Fields {
		switch f.Value.Kind {
		case String:
			if !isAction(f.Value.Str) {
				return nil, f.Line, fmt.Sprintf(`Invalid action "%s" for "%s" — must be allow, ask, or deny`, f.Value.Str, f.Key), false
			}
			rules = append(rules, Rule{f.Key, "*", f.Value.Str})
		case Object:
			for _, pf := range f.Value.Fields {
				if pf.Value.Kind != String || !isAction(pf.Value.Str) {
					return nil, pf.Line, fmt.Sprintf(`Invalid action "%s" for "%s" pattern "%s"`, pf.Value.JSString(), f.Key, pf.Key), false
				}
				rules = append(rules, Rule{f.Key, pf.Key, pf.Value.Str})
			}
		default:
			return nil, f.Line, fmt.Sprintf(`Invalid value for "%s" — must be an action string or a pattern→action object`, f.Key), false
		}
	}
	return rules, 0, "", false
}
