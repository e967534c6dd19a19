package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/jsonc"
	"github.com/agentmgr/agentmgr/mapping"
)

// pi-permission-system (PPS) keeps its rules in one JSON file per scope, the global
// <agentDir>/extensions/pi-permission-system/config.json and the project's
// .pi/extensions/pi-permission-system/config.json, and in the `permission:` frontmatter of agent
// files (<agentDir>/agents/NAME.md, .pi/agents/NAME.md). It merges them global, project, agent,
// project agent: a surface given as an object in two scopes has its patterns merged (a pattern
// the later scope repeats keeps its place and takes the later action, a new one goes last),
// any other later value replaces the earlier one where it stood. Its `"*"` is the fallback of
// every surface no rule matches; within a surface the last matching pattern wins.

// PPSConfigPath is where PPS keeps a scope's config under dir: the agent dir for the global
// scope, a project's .pi folder for the project's.
func PPSConfigPath(dir string) string {
	return filepath.Join(dir, "extensions", "pi-permission-system", "config.json")
}

// PPSSources are the files PPS reads for one working directory.
type PPSSources struct {
	Global  string   // the global config.json; "" when there is none
	Project string   // the project's config.json; "" when there is none
	Agents  []string // agent files (global, then the project's) whose frontmatter has a permission block
}

// FindPPSSources finds the files PPS reads with agent dir agentDir (may be "") and working
// directory project (may be ""): each config.json that exists and the agent files that carry
// permission frontmatter.
func FindPPSSources(agentDir, project string) PPSSources {
	var s PPSSources
	if agentDir != "" && fileExists(PPSConfigPath(agentDir)) {
		s.Global = PPSConfigPath(agentDir)
	}
	if project != "" && fileExists(PPSConfigPath(filepath.Join(project, ".pi"))) {
		s.Project = PPSConfigPath(filepath.Join(project, ".pi"))
	}
	var dirs []string
	if agentDir != "" {
		dirs = append(dirs, filepath.Join(agentDir, "agents"))
	}
	if project != "" {
		dirs = append(dirs, filepath.Join(project, ".pi", "agents"))
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		sort.Strings(files)
		for _, f := range files {
			if data, err := os.ReadFile(f); err == nil && ppsAgentHasPermission(data) {
				s.Agents = append(s.Agents, f)
			}
		}
	}
	return s
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// ppsScope is one scope's configuration as PPS reads it.
type ppsScope struct {
	source     string
	permission yaml.MapSlice // surface -> action, or surface -> (pattern -> action)
	yolo       bool
	yoloSet    bool
	other      []string // top-level keys agentmgr does not use, in file order
}

// readPPSConfig reads a config.json (JSON with comments).
func readPPSConfig(source string, data []byte) (ppsScope, error) {
	sc := ppsScope{source: source}
	if err := checkUTF8(source, data); err != nil {
		return sc, err
	}
	v, err := decodeOrdered(string(jsonc.Strip(data)))
	if err != nil {
		return sc, yamlError(source, 1, err)
	}
	root, ok := v.(yaml.MapSlice)
	if !ok {
		if v == nil {
			return sc, nil
		}
		return sc, fmt.Errorf("%s:1:1: expected a JSON object", source)
	}
	for _, it := range root {
		key := fmt.Sprint(it.Key)
		switch key {
		case "permission":
			m, ok := it.Value.(yaml.MapSlice)
			if !ok && it.Value != nil {
				return sc, fmt.Errorf("%s: \"permission\": expected an object of surfaces", source)
			}
			sc.permission = m
		case "yoloMode":
			b, ok := it.Value.(bool)
			if !ok {
				return sc, fmt.Errorf("%s: \"yoloMode\": expected true or false", source)
			}
			sc.yolo, sc.yoloSet = b, true
		case "$schema":
		default:
			sc.other = append(sc.other, key)
		}
	}
	return sc, nil
}

// ppsAgentHasPermission reports whether an agent file's frontmatter has a permission block.
func ppsAgentHasPermission(data []byte) bool {
	m, _ := frontmatterIn(data)
	_, ok := get(m, "permission")
	return ok
}

// readPPSAgent reads the permission block of an agent file's frontmatter.
func readPPSAgent(source string, data []byte) (ppsScope, error) {
	sc := ppsScope{source: source}
	m, _, err := frontmatterMap(source, data, "a frontmatter block between --- lines")
	if err != nil {
		return sc, err
	}
	p, _ := get(m, "permission")
	switch pv := p.(type) {
	case yaml.MapSlice:
		sc.permission = pv
	case string:
		// A bare action is the universal fallback, as a string surface is { "*": action }.
		sc.permission = yaml.MapSlice{{Key: "*", Value: pv}}
	}
	return sc, nil
}

// mergePPS merges scopes, lowest first, as PPS merges them.
func mergePPS(scopes []ppsScope) (merged yaml.MapSlice, yolo bool) {
	for _, sc := range scopes {
		if sc.yoloSet {
			yolo = sc.yolo
		}
		for _, it := range sc.permission {
			key := fmt.Sprint(it.Key)
			i := indexOf(merged, key)
			if i < 0 {
				merged = append(merged, yaml.MapItem{Key: key, Value: it.Value})
				continue
			}
			base, bok := merged[i].Value.(yaml.MapSlice)
			over, ook := it.Value.(yaml.MapSlice)
			if !bok || !ook {
				merged[i].Value = it.Value
				continue
			}
			out := append(yaml.MapSlice(nil), base...)
			for _, p := range over {
				if j := indexOf(out, fmt.Sprint(p.Key)); j >= 0 {
					out[j].Value = p.Value
				} else {
					out = append(out, p)
				}
			}
			merged[i].Value = out
		}
	}
	return merged, yolo
}

func indexOf(m yaml.MapSlice, key string) int {
	for i, it := range m {
		if fmt.Sprint(it.Key) == key {
			return i
		}
	}
	return -1
}

// ppsBuiltinSurfaces are the surfaces PPS decides on a value of their own (a command, a path,
// an MCP target, a skill name); any other surface is an extension tool's, decided on "*".
var ppsBuiltinSurfaces = map[string]bool{
	"bash": true, "read": true, "write": true, "edit": true, "find": true, "grep": true, "ls": true,
	"mcp": true, "skill": true, "path": true, "external_directory": true,
}

// ppsMCPBaseline are the MCP adapter's discovery calls PPS allows as soon as any mcp rule
// allows something; its own rules still decide after them.
var ppsMCPBaseline = []string{"mcp_status", "mcp_list", "mcp_search", "mcp_describe", "mcp_connect"}

// ppsRules turns a merged PPS permission object into agentmgr rules, in evaluation order.
func ppsRules(merged yaml.MapSlice, yolo bool, rep *Report) engine.Ruleset {
	fallback := engine.Ask
	if v, ok := get(merged, "*"); ok {
		if a, ok := ppsAction(v); ok {
			fallback = a
		} else {
			rep.lose(`permission."*"`, fmt.Sprintf("%v is no action; PPS falls back on ask, as agentmgr does", v))
		}
	}
	rules := engine.Ruleset{{Permission: "*", Pattern: "*", Action: fallback}}
	rep.keep(fmt.Sprintf(`permission."*" (%s: the fallback of every surface)`, fallback))
	// PPS always keeps wrapper commands (sudo, env, xargs, find -exec, bash -c, eval ...) at
	// least at ask, in yolo too.
	rules = append(rules, engine.Rule{Permission: mapping.WrappersKey, Pattern: "*", Action: engine.Ask})
	rep.change("wrapper floor", "built into pi-permission-system", "wrappers: ask",
		"PPS asks for sudo, env, xargs, find -exec, bash -c, eval and the other wrappers whatever the bash rules say, in yolo too; agentmgr's wrappers key keeps that floor")
	surfaces := map[string]bool{}
	for _, it := range merged {
		surfaces[fmt.Sprint(it.Key)] = true
	}
	// A surface PPS decides on its own falls back on "*" there; agentmgr governs write by edit
	// (find by glob ...) unless both are named, so the pair is named explicitly.
	fill := func(key string) {
		if !surfaces[key] {
			rules = append(rules, engine.Rule{Permission: key, Pattern: "*", Action: fallback})
			surfaces[key] = true
		}
	}
	for _, tool := range []string{"write", "find", "ls", "web_search", "fetch_content"} {
		fam := mapping.KeyForTool(tool)
		if surfaces[tool] {
			fill(fam)
		} else if surfaces[fam] && tool == "write" {
			fill(tool)
		}
	}
	// Command arguments meet external_directory only where a rule names it, as every PPS
	// config effectively does (its fallback decides paths outside the project).
	fill(engine.ExternalDirectory)
	hasMCPAllow := false
	if v, ok := get(merged, "mcp"); ok {
		if m, ok := v.(yaml.MapSlice); ok {
			for _, p := range m {
				if a, ok := ppsAction(p.Value); ok && a == engine.Allow {
					hasMCPAllow = true
				}
			}
		} else if a, ok := ppsAction(v); ok && a == engine.Allow {
			hasMCPAllow = true
		}
	}
	if hasMCPAllow {
		for _, t := range ppsMCPBaseline {
			rules = append(rules, engine.Rule{Permission: mapping.MCPAdapterKey, Pattern: t, Action: engine.Allow})
		}
		rep.change("MCP discovery", "allowed by PPS once any mcp rule allows", "mcp rules allowing "+strings.Join(ppsMCPBaseline, ", "),
			"PPS adds these allows before the config's own mcp rules; agentmgr writes them out")
	}
	for _, it := range merged {
		surface := fmt.Sprint(it.Key)
		if surface == "*" {
			continue
		}
		rules = append(rules, ppsSurfaceRules(surface, it.Value, rep)...)
	}
	if yolo {
		rep.change("yoloMode", "true", "not written into the persona",
			"yolo is agentmgr's own switch (agentmgr yolo on, or the app); as in PPS, it never lifts a deny nor the wrapper floor")
	}
	return rules
}

// ppsSurfaceRules converts one surface's value.
func ppsSurfaceRules(surface string, v any, rep *Report) engine.Ruleset {
	key := surface
	extension := !ppsBuiltinSurfaces[surface]
	if extension && mapping.KeyForTool(surface) != surface && !mapping.IsOwnKeyTool(surface) {
		key = mapping.KeyForTool(surface)
		rep.change("permission."+surface, surface, key,
			fmt.Sprintf("agentmgr governs %s by the %s key, with the other tools of that family", surface, key))
	}
	where := "permission." + surface
	if a, ok := ppsAction(v); ok {
		rep.keep(where)
		return engine.Ruleset{{Permission: key, Pattern: "*", Action: a, Reason: ppsReason(v)}}
	}
	m, ok := v.(yaml.MapSlice)
	if !ok {
		rep.lose(where, fmt.Sprintf("%v is neither an action nor an object of patterns; PPS skips it", v))
		return nil
	}
	var out engine.Ruleset
	for _, p := range m {
		pattern := fmt.Sprint(p.Key)
		a, ok := ppsAction(p.Value)
		if !ok {
			rep.lose(fmt.Sprintf("%s.%q", where, pattern), fmt.Sprintf("%v is no action; PPS skips it", p.Value))
			continue
		}
		if extension {
			// PPS decides an extension tool on the value "*": only a pattern matching "*" ever
			// decides, and then for every call.
			if !engine.CompilePattern(pattern, engine.PatternOptions{}).Match("*") {
				rep.lose(fmt.Sprintf("%s.%q", where, pattern), "PPS decides an extension tool on \"*\" alone, so this pattern never decides")
				continue
			}
			pattern = "*"
		}
		if surface == "bash" && strings.ContainsAny(pattern, "|;&") {
			rep.change(fmt.Sprintf("%s.%q", where, pattern), pattern, pattern,
				"a command is split into its commands before the patterns see it, in PPS as in agentmgr, so this pattern never matches; name each command instead")
		} else {
			rep.keep(fmt.Sprintf("%s.%q", where, pattern))
		}
		out = append(out, engine.Rule{Permission: key, Pattern: pattern, Action: a, Reason: ppsReason(p.Value)})
	}
	return out
}

// ppsAction reads an action: a string, or {action: deny, reason}.
func ppsAction(v any) (engine.Action, bool) {
	switch x := v.(type) {
	case string:
		switch a := engine.Action(x); a {
		case engine.Allow, engine.Ask, engine.Deny:
			return a, true
		}
	case yaml.MapSlice:
		if a, ok := get(x, "action"); ok && fmt.Sprint(a) == string(engine.Deny) {
			return engine.Deny, true
		}
	}
	return "", false
}

// ppsReason is the reason of a {action: deny, reason} value, "" otherwise.
func ppsReason(v any) string {
	if m, ok := v.(yaml.MapSlice); ok {
		if r, ok := get(m, "reason"); ok {
			if s, ok := r.(string); ok {
				return s
			}
		}
	}
	return ""
}

// ImportPPS converts the files PPS reads into personas: one named name (default "pps") from the
// global and project configs, and one per agent file with a permission block, from those and
// the agent's own (its project twin, .pi/agents/NAME.md, merged after it as PPS does).
func ImportPPS(src PPSSources, name string) ([]*Item, error) {
	if name == "" {
		name = "pps"
	}
	var base []ppsScope
	var sources []string
	for _, p := range []string{src.Global, src.Project} {
		if p == "" {
			continue
		}
		sc, err := readPPSFile(p, readPPSConfig)
		if err != nil {
			return nil, err
		}
		base = append(base, sc)
		sources = append(sources, p)
	}
	var items []*Item
	if len(base) > 0 {
		it := ppsItem(name, strings.Join(sources, " + "), base)
		// The path rules protect files from every tool of every agent: what guards are for.
		for _, r := range it.Draft.Rules {
			if r.Permission == mapping.PathKey {
				it.Guards = append(it.Guards, r)
			}
		}
		if len(it.Guards) > 0 {
			it.Report.change("path rules", "hold for every agent in pi-permission-system", "kept in the persona; import --guards also writes them to the guards file",
				"a persona's path rules hold for that persona only; guards hold for every persona, which is what a global path deny means")
		}
		items = append(items, it)
	}
	agents := map[string][]ppsScope{}
	var order []string
	for _, p := range src.Agents {
		sc, err := readPPSFile(p, readPPSAgent)
		if err != nil {
			return nil, err
		}
		n := strings.TrimSuffix(filepath.Base(p), ".md")
		if _, ok := agents[n]; !ok {
			order = append(order, n)
		}
		agents[n] = append(agents[n], sc)
	}
	for _, n := range order {
		scopes := append(append([]ppsScope(nil), base...), agents[n]...)
		var srcs []string
		for _, sc := range scopes {
			srcs = append(srcs, sc.source)
		}
		items = append(items, ppsItem(slug(n), strings.Join(srcs, " + "), scopes))
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("no pi-permission-system config found (%s, or agent files with a permission block)", PPSConfigPath("<agent dir>"))
	}
	return items, nil
}

// readPPSFile reads the file at path p with read: readPPSConfig or readPPSAgent.
func readPPSFile(p string, read func(source string, data []byte) (ppsScope, error)) (ppsScope, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return ppsScope{}, err
	}
	return read(p, data)
}

// ppsItem makes the persona of merged scopes.
func ppsItem(name, source string, scopes []ppsScope) *Item {
	rep := newReport(source, name, EnforcedByGate)
	merged, yolo := mergePPS(scopes)
	d := &Draft{Name: name, Description: "Rules imported from pi-permission-system (" + source + ")"}
	d.Rules = ppsRules(merged, yolo, rep)
	for _, sc := range scopes {
		for _, k := range sc.other {
			rep.lose(sc.source+": "+k, "a setting of pi-permission-system's own (logging, dialog, shell aliases, infrastructure reads) that agentmgr has its own of or does not need")
		}
	}
	rep.change("external_directory on command arguments", "every path token after a literal cd", "the same, by the external_directory rule written above", "agentmgr also follows cd, and decides redirections as edits and reads")
	rep.Fidelity = &Fidelity{Rules: len(d.Rules), Exact: len(d.Rules)}
	return &Item{Draft: d, Report: rep}
}

// guardsText is rules as a guards file's rule map, with a comment naming where they come from.
func guardsText(rules engine.Ruleset, source string) string {
	y, _ := yaml.MarshalWithOptions(ruleMap(rules), yaml.IndentSequence(true))
	if source == "" {
		return string(y)
	}
	return "# Imported from " + source + " by agentmgr import pi-permission-system --guards.\n" + string(y)
}
