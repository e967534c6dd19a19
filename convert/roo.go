package convert

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// RulesFile is one file of a Roo mode's rules folder (.roo/rules-{slug}/), by its path
// relative to that folder.
type RulesFile struct {
	RelativePath string
	Content      string
}

// Markers in a persona's prompt that keep the parts of a Roo mode apart, so that an export
// back to Roo restores roleDefinition, customInstructions and the rules files.
const (
	rooInstructionsMarker = "<!-- roo:customInstructions -->"
	rooRulesMarker        = "<!-- roo:rules-file "
)

// rooGroupKeys are the permission keys each Roo tool group makes available.
var rooGroupKeys = map[string][]string{
	"read":    {"read", "grep", "glob", "list"},
	"edit":    {"edit"},
	"browser": {"webfetch", "websearch"},
	"command": {"bash"},
	"mcp":     {"mcp*"},
}

var rooGroupOrder = []string{"read", "edit", "browser", "command", "mcp"}

// ImportRoo converts the modes of a Roo Code (or Kilo Code) .roomodes or custom_modes.yaml
// file, YAML or JSON: one persona per mode. rules holds each mode's rules folder by slug
// (.roo/rules-{slug}/, read by the caller), appended to the prompt in alphabetical order.
func ImportRoo(source string, data []byte, rules map[string][]RulesFile) ([]*Item, error) {
	v, err := decodeFile(source, data)
	if err != nil {
		return nil, err
	}
	root, _ := v.(yaml.MapSlice)
	mv, ok := get(root, "customModes")
	if !ok {
		return nil, fmt.Errorf("%s:1:1: expected a customModes list (a .roomodes or custom_modes.yaml file)", source)
	}
	list, ok := mv.([]any)
	if !ok && mv != nil {
		return nil, fmt.Errorf("%s: customModes: expected a list of modes", source)
	}
	var out []*Item
	for i, e := range list {
		m, ok := e.(yaml.MapSlice)
		if !ok {
			return nil, fmt.Errorf("%s: customModes[%d]: expected a mode with slug, name, roleDefinition and groups", source, i)
		}
		slugV := str(must(get(m, "slug")))
		if slugV == "" {
			return nil, fmt.Errorf("%s: customModes[%d]: the mode has no slug", source, i)
		}
		it, err := rooMode(fmt.Sprintf("%s#%s", source, slugV), slugV, m, rules[slugV])
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, nil
}

func rooMode(source, slugV string, m yaml.MapSlice, files []RulesFile) (*Item, error) {
	rep := newReport(source, "", EnforcedByFile)
	d := &Draft{}
	d.Name = nameFor(slugV, rep)
	rep.Target = d.Name
	role := strings.TrimSpace(str(must(get(m, "roleDefinition"))))
	instr := strings.TrimSpace(str(must(get(m, "customInstructions"))))
	var prompt []string
	if role != "" {
		prompt = append(prompt, role)
		rep.keep("roleDefinition (start of the prompt)")
	}
	if instr != "" {
		prompt = append(prompt, rooInstructionsMarker+"\n"+instr)
		rep.keep("customInstructions (in the prompt, after a marker)")
	}
	if bundled, ok := get(m, "rulesFiles"); ok {
		for _, f := range asList(bundled) {
			fm, _ := f.(yaml.MapSlice)
			files = append(files, RulesFile{RelativePath: str(must(get(fm, "relativePath"))), Content: str(must(get(fm, "content")))})
		}
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].RelativePath < files[j].RelativePath })
	for _, f := range files {
		if !utf8.ValidString(f.Content) || !utf8.ValidString(f.RelativePath) {
			rep.change("rules file "+strings.ToValidUTF8(f.RelativePath, "?"), "bytes that are not UTF-8", "U+FFFD", "a persona is UTF-8 text")
			f.Content, f.RelativePath = strings.ToValidUTF8(f.Content, "\uFFFD"), strings.ToValidUTF8(f.RelativePath, "\uFFFD")
		}
		prompt = append(prompt, rooRulesMarker+f.RelativePath+" -->\n"+strings.TrimSpace(f.Content))
	}
	if len(files) > 0 {
		rep.keep(fmt.Sprintf("rules files (%d, in the prompt in alphabetical order, after markers)", len(files)))
	}
	d.Prompt = strings.Join(prompt, "\n\n")

	switch {
	case str(must(get(m, "whenToUse"))) != "":
		d.Description = strings.TrimSpace(str(must(get(m, "whenToUse"))))
		rep.change("whenToUse", "whenToUse", "description", "what the persona is for")
	case str(must(get(m, "description"))) != "":
		d.Description = strings.TrimSpace(str(must(get(m, "description"))))
		rep.keep("description")
	default:
		d.Description = firstSentence(role)
		if d.Description == "" {
			d.Description = "Imported from Roo: " + slugV
		}
		rep.change("description", "", d.Description, "the mode has no whenToUse; its first sentence is the description")
	}
	if n := str(must(get(m, "name"))); n != "" {
		icon, _ := leadingIcon(n)
		d.Icon = icon
		d.keep("x-roo", "name", n)
		rep.change("name", n, "icon "+orNone(icon)+", x-roo.name", "persona names are the slug; the display name is kept for export")
	}

	rules, err := rooGroupsToRules(source, must(get(m, "groups")), d, rep)
	if err != nil {
		return nil, err
	}
	d.Rules = rules
	for _, it := range m {
		switch k := fmt.Sprint(it.Key); k {
		case "slug", "name", "roleDefinition", "customInstructions", "whenToUse", "description", "groups", "rulesFiles":
		case "source":
			rep.lose("source "+str(it.Value), "where Roo found the mode; the persona's scope says that")
		case agentmgrNS:
			if err := restoreExported(d, rep, it.Value, source, "fields"); err != nil {
				return nil, err
			}
		default:
			d.keep("x-roo", k, it.Value)
			rep.change(k, str(it.Value), "x-roo."+k, "agentmgr does not use "+k+"; kept for export")
		}
	}
	return &Item{Draft: d, Report: rep}, nil
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// rooGroupsToRules writes a mode's tool groups as rules: everything denied, then the tools
// of each group the mode has. Roo asks before using a tool unless the person turned on
// auto-approval, which is a global setting, not part of the mode: so the tools ask.
//
// The figure counts each group as one rule of the source (a grant of its tools). That the
// tools ask rather than follow Roo's global auto-approval is reported once, for every group,
// and not counted against single groups.
func rooGroupsToRules(source string, v any, d *Draft, rep *Report) (engine.Ruleset, error) {
	rs := engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Deny}}
	groups := asList(v)
	verdicts := newRuleVerdicts(len(groups))
	defer func() { rep.Fidelity = verdicts.fidelity() }()
	for i, g := range groups {
		name := ""
		var opts yaml.MapSlice
		switch x := g.(type) {
		case string:
			name = x
		case []any:
			if len(x) > 0 {
				name = str(x[0])
			}
			if len(x) > 1 {
				opts, _ = x[1].(yaml.MapSlice)
			}
		}
		keys, ok := rooGroupKeys[name]
		if !ok {
			rep.lose(fmt.Sprintf("groups[%d] %s", i, str(g)), "not a Roo tool group agentmgr knows (read, edit, browser, command, mcp)")
			verdicts.mark(i, ruleLost)
			continue
		}
		re := str(must(get(opts, "fileRegex")))
		if desc := str(must(get(opts, "description"))); desc != "" {
			rep.lose("groups "+name+" description "+desc, "a description of the group's limits has no place in a persona")
		}
		if name == "edit" && re != "" {
			d.keep("x-roo", "fileRegex", re)
			globs, ok := regexToGlobs(re)
			if !ok {
				rep.lose("edit fileRegex "+re, "a glob cannot say what this regular expression says; edits stay denied (kept in x-roo.fileRegex)")
				verdicts.mark(i, ruleLost)
				continue
			}
			for _, gl := range globs {
				rs = append(rs, engine.Rule{Permission: "edit", Pattern: gl, Action: engine.Ask})
			}
			rep.change("edit fileRegex", re, strings.Join(globs, ", "), "the regular expression written as path patterns")
			continue
		}
		for _, k := range keys {
			rs = append(rs, engine.Rule{Permission: k, Pattern: "*", Action: engine.Ask})
		}
		if name == "browser" {
			rep.change("group browser", "browser", "webfetch, websearch", "the nearest permissions to Roo's browser tool")
			// Nearest is not the same: looser, the conservative side.
			verdicts.mark(i, ruleLooser)
		}
	}
	rs = append(rs, engine.Rule{Permission: "task", Pattern: "*", Action: engine.Ask})
	rep.keep("groups (deny all, then ask for each group's tools)")
	rep.change("tool approval", "global auto-approve settings", "ask", "Roo's auto-approval is not part of a mode; the mode's tools ask")
	rep.change("new_task", "always available", "task ask", "every Roo mode can start a subtask")
	return rs, nil
}

// ExportRoo converts persona p into a Roo mode. The mode goes into the .roomodes file (all
// exported modes in one file, see CombineRoo) and its rules files into .roo/rules-{slug}/.
// Roo grants whole tool groups: a group is included only when the persona denies none of its
// calls (Roo's auto-approval, and Kilo Code's migrator, turn a group into allow), and each
// probe call Roo would decide differently is reported. src is the persona file's text (nil
// for a built-in), read for what it keeps under x-roo.
func ExportRoo(p *personas.Persona, src []byte) (*Export, error) {
	return exportMode(p, src, false)
}

// rooSlug is a Roo slug for a persona name: letters, digits and dashes only.
func rooSlug(name string) string {
	return strings.ReplaceAll(name, "_", "-")
}

// exportMode writes the mode of a Roo export, or of a Kilo Code one (.kilocodemodes).
func exportMode(p *personas.Persona, src []byte, kilo bool) (*Export, error) {
	file, rulesDir := ".roomodes", ".roo"
	if kilo {
		file, rulesDir = ".kilocodemodes", ".kilocode"
	}
	slugV := rooSlug(p.Name)
	rep := newReport(p.Where(), file+"#"+slugV, EnforcedByFile)
	if slugV != p.Name {
		rep.change("name", p.Name, slugV, "Roo slugs are letters, digits and dashes only")
	}
	kept := passthroughOf(src, "x-roo")
	reportForeign(src, "x-roo", rep)
	role, instr, files := splitRooPrompt(p.Prompt)
	if role == "" {
		// Roo refuses a mode without a role definition.
		role = p.Description
		rep.change("prompt", "", "roleDefinition: the description", "Roo needs a role definition and the persona has no prompt")
	}
	name := p.Name
	if n, ok := get(kept, "name"); ok {
		name = str(n)
	} else if p.Icon != "" {
		name = p.Icon + " " + p.Name
	}
	mode := yaml.MapSlice{
		{Key: "slug", Value: slugV},
		{Key: "name", Value: name},
		{Key: "roleDefinition", Value: role},
		{Key: "whenToUse", Value: p.Description},
	}
	rep.keep("name (as slug)", "description (as whenToUse)", "prompt (as roleDefinition)")
	if instr != "" {
		mode = append(mode, yaml.MapItem{Key: "customInstructions", Value: instr})
		rep.keep("customInstructions")
	}
	pol := probePolicy(p.Rules)
	probes := append(probesFor(p.Rules), modeProbes...)
	for _, c := range openCodeCalls(p.Rules) {
		probes = append(probes, Probe{Tool: c.Key, Value: c.Value})
	}
	verdicts := newRuleVerdicts(len(p.Rules))
	groups := []any{}
	for _, g := range rooGroupOrder {
		if g == "browser" {
			// Deprecated in Roo's schema (dropped on load) and turned into bash by Kilo.
			if !pol.Persona.HiddenKey("webfetch") || !pol.Persona.HiddenKey("websearch") {
				rep.lose("webfetch, websearch", "Roo's browser group is deprecated (its schema drops it) and Kilo Code turns it into bash: no group can grant them")
				markKeys(verdicts, p.Rules, "webfetch", "websearch")
			}
			continue
		}
		avail := false
		for _, k := range rooGroupKeys[g] {
			if k == "mcp*" {
				k = "mcp__server__tool"
			}
			if !pol.Persona.HiddenKey(k) {
				avail = true
			}
		}
		if !avail {
			continue
		}
		var entry any = g
		re := ""
		if g == "edit" {
			if globs := editOnly(p.Rules); globs != nil {
				re = globsToRegex(globs)
				entry = []any{"edit", yaml.MapSlice{{Key: "fileRegex", Value: re}, {Key: "description", Value: strings.Join(globs, ", ")}}}
				rep.change("edit rules", strings.Join(globs, ", "), "edit fileRegex "+re, "Roo limits edits with a regular expression")
			}
		}
		if denied := deniedIn(pol, probes, g, re); denied != "" {
			rep.lose("group "+g, "the persona denies "+denied+", which the group would grant (Kilo Code allows every call of a group, Roo with auto-approval too): the mode leaves it out")
			markKeys(verdicts, p.Rules, rooGroupKeys[g]...)
			continue
		}
		groups = append(groups, entry)
	}
	mode = append(mode, yaml.MapItem{Key: "groups", Value: groups})
	var kiloAgent *File
	if kilo {
		rep.change("groups in Kilo Code", "ask (Roo's approval)", "allow", "Kilo Code 7.7.9 turns each group into allow rules and a missing group into deny")
		kiloAgent = kiloOutsideGroups(p, slugV, pol, rep)
	}
	for _, it := range kept {
		if k := fmt.Sprint(it.Key); k != "name" && k != "fileRegex" {
			mode = append(mode, it)
			rep.keep(k + " (from x-roo)")
		}
	}
	mode = append(mode, yaml.MapItem{Key: agentmgrNS, Value: agentmgrBlock(p)})
	rep.keep("rules, icon, colour (x-agentmgr, for the way back)")
	compareDecisions(probes,
		func(pr Probe) engine.Action { return DecideProbe(pol, pr) },
		func(pr Probe) engine.Action { return rooDecide(groups, pr) },
		"mode groups", "Roo grants whole tool groups and asks unless auto-approval is on, which is a global setting", rep)
	for _, pr := range probes {
		if tool := claudeToolForKey(claudeKey(pr.Tool)); tool != "" {
			verdicts.markDecision(p.Rules, pol.DecideTool(tool, pr.Value), rooDecide(groups, pr))
		}
	}
	rep.Fidelity = verdicts.fidelity()
	if p.Steps > 0 {
		rep.lose("steps", "Roo modes have no step budget")
	}
	if p.Color != "" {
		rep.change("color "+p.Color, p.Color, "x-agentmgr.color", "Roo modes have no colour; kept for the way back")
	}
	if p.Hidden {
		rep.lose("hidden", "Roo modes cannot be hidden")
	}
	ex := &Export{Report: rep, rooMode: mode}
	if kiloAgent != nil {
		ex.Files = append(ex.Files, *kiloAgent)
	}
	for _, f := range files {
		ex.Files = append(ex.Files, File{Path: rulesDir + "/rules-" + slugV + "/" + f.RelativePath, Data: []byte(f.Content + "\n")})
	}
	return ex, nil
}

// modeProbes are calls every mode export is checked with besides the persona's own probes.
var modeProbes = []Probe{
	{"Bash", "git status"}, {"Bash", "rm -rf build"}, {"Bash", "git push origin main"}, {"Read", "secrets/key"},
	{"Read", ".env"}, {"Edit", ".env"}, {"Edit", "docs/a.md"}, {"Edit", "src/main.go"}, {"Write", "notes.md"},
}

// deniedIn names a probe call of group g (edits matching re, when set) that the persona
// denies, or "" when it denies none.
func deniedIn(pol *engine.Policy, probes []Probe, g, re string) string {
	for _, pr := range probes {
		key := claudeKey(pr.Tool)
		in := false
		for _, k := range rooGroupKeys[g] {
			in = in || k == key || k == "mcp*" && strings.HasPrefix(key, "mcp")
		}
		if !in || re != "" && !mustRegexp(re).MatchString(pr.Value) {
			continue
		}
		if DecideProbe(pol, pr) == engine.Deny {
			return fmt.Sprintf("%s %q", key, pr.Value)
		}
	}
	return ""
}

// markKeys marks every rule of keys as lost.
func markKeys(v ruleVerdicts, rs engine.Ruleset, keys ...string) {
	for i, r := range rs {
		for _, k := range keys {
			if r.Permission == k || k == "mcp*" && strings.HasPrefix(r.Permission, "mcp") {
				v.mark(i, ruleLost)
			}
		}
	}
}

// editOnly returns the patterns of a persona whose edit rules are "deny, then some paths":
// the shape a fileRegex can hold. nil for any other shape.
func editOnly(rs engine.Ruleset) []string {
	var globs []string
	denied := false
	for _, r := range rs {
		if r.Permission != "edit" && r.Permission != "*" {
			continue
		}
		switch {
		case r.Pattern == "*" && r.Action == engine.Deny:
			denied, globs = true, nil
		case r.Permission == "edit" && denied && r.Action != engine.Deny && r.Pattern != "*":
			globs = append(globs, r.Pattern)
		default:
			return nil
		}
	}
	if !denied || len(globs) == 0 {
		return nil
	}
	return globs
}

// rooDecide is how a Roo mode with groups decides a call: a tool outside the mode's groups is
// refused; inside, Roo asks (auto-approval aside); an edit outside the fileRegex is refused.
// Subtasks can always be started (ask).
func rooDecide(groups []any, p Probe) engine.Action {
	key := claudeKey(p.Tool)
	if key == "task" {
		return engine.Ask
	}
	for _, g := range groups {
		name, re := "", ""
		switch x := g.(type) {
		case string:
			name = x
		case []any:
			name = str(x[0])
			opts, _ := x[1].(yaml.MapSlice)
			re = str(must(get(opts, "fileRegex")))
		}
		for _, k := range rooGroupKeys[name] {
			if k == key || k == "mcp*" && strings.HasPrefix(key, "mcp") {
				if re != "" && !mustRegexp(re).MatchString(p.Value) {
					return engine.Deny
				}
				return engine.Ask
			}
		}
	}
	return engine.Deny
}

// splitRooPrompt undoes the markers an import put in the prompt.
func splitRooPrompt(prompt string) (role, instr string, files []RulesFile) {
	head, tail := prompt, ""
	if i := strings.Index(prompt, rooRulesMarker); i >= 0 {
		head, tail = prompt[:i], prompt[i:]
	}
	if tail != "" {
		for _, chunk := range strings.Split(tail, rooRulesMarker)[1:] {
			path, content, _ := strings.Cut(chunk, " -->")
			files = append(files, RulesFile{RelativePath: path, Content: strings.TrimSpace(content)})
		}
	}
	role, instr, _ = strings.Cut(head, rooInstructionsMarker)
	return strings.TrimSpace(role), strings.TrimSpace(instr), files
}

// CombineRoo makes the .roomodes file of several exported modes, and lists every file the
// exports write, the .roomodes file first.
func CombineRoo(exports []*Export) ([]File, error) {
	return combineModes(".roomodes", exports)
}

// combineModes writes the modes of exports into one modes file named file.
func combineModes(file string, exports []*Export) ([]File, error) {
	modes := []any{}
	var rest []File
	for _, e := range exports {
		modes = append(modes, e.rooMode)
		rest = append(rest, e.Files...)
	}
	y, err := yaml.MarshalWithOptions(yaml.MapSlice{{Key: "customModes", Value: modes}}, yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return nil, err
	}
	return append([]File{{Path: file, Data: y}}, rest...), nil
}
