package convert

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// ImportOpenCodeMarkdown converts an OpenCode agent file. name is the agent's name as OpenCode
// forms it: the path relative to the agent folder without .md (team/reviewer). Both spellings
// are read: V1 (`permission` map, `tools`, body or `prompt`) and V2 (`permissions` list,
// `system`).
func ImportOpenCodeMarkdown(source, name string, data []byte) (*Item, error) {
	return ImportOpenCodeAgentFile(source, name, data, "", nil)
}

// ImportOpenCodeAgentFile is ImportOpenCodeMarkdown for an agent file of a project whose
// opencode.json (configPath, its text config; nil for none) has a top-level `permission`:
// OpenCode applies that to every agent, before the agent's own rules.
func ImportOpenCodeAgentFile(source, name string, data []byte, configPath string, config []byte) (*Item, error) {
	var layers []openCodeLayer
	if config != nil {
		root, err := openCodeRoot(configPath, config)
		if err != nil {
			return nil, err
		}
		layers = append(layers, openCodeLayer{configPath, root})
	}
	return importOpenCodeAgentFile(source, name, data, layers)
}

// importOpenCodeAgentFile converts an agent file under the configuration layers OpenCode
// merges for it: their top-level permission, and their definitions of the same agent.
func importOpenCodeAgentFile(source, name string, data []byte, layers []openCodeLayer) (*Item, error) {
	fm, body, err := frontmatterMap(source, data, "an OpenCode agent: a frontmatter block between --- lines, then the prompt")
	if err != nil {
		return nil, err
	}
	if fm == nil {
		fm = yaml.MapSlice{}
	}
	defs := ocAgentSources(layers, name, fm)
	it, err := openCodeAgent(source, name, ocMergeAgent(defs), strings.TrimSpace(body), openCodeTopLevel(layers))
	if err == nil && len(defs) > 1 {
		it.Report.change("agent definitions", fmt.Sprintf("%d definitions of %s", len(defs), name), "merged", "OpenCode merges the configuration's agent."+name+" with the agent file, key by key, each with its tools folded into its permission")
	}
	return it, err
}

// openCodeRoot decodes an opencode.json (or .jsonc) into its ordered top-level object.
func openCodeRoot(source string, data []byte) (yaml.MapSlice, error) {
	if err := checkUTF8(source, data); err != nil {
		return nil, err
	}
	v, err := decodeOrdered(string(data))
	if err != nil {
		return nil, yamlError(source, 1, err)
	}
	root, ok := v.(yaml.MapSlice)
	if !ok {
		return nil, fmt.Errorf("%s:1:1: expected a JSON object", source)
	}
	return root, nil
}

// ImportOpenCodeConfig converts the agents of an opencode.json: the V1 `agent` object, the
// V2 `agents` object and the older `mode` object (primary agents), one item per agent in file
// order. A configuration with no agents but a top-level permission or tools map governs
// OpenCode's own agents: build, plan, general and explore are imported with it.
func ImportOpenCodeConfig(source string, data []byte) ([]*Item, error) {
	root, err := openCodeRoot(source, data)
	if err != nil {
		return nil, err
	}
	return openCodeConfigItems(source, root, []openCodeLayer{{source, root}}, nil)
}

// openCodeConfigItems converts the agents of one configuration object (one of layers) under
// the layers' merged top-level permission, each merged with the layers' other definitions of
// it and with the frontmatter of its agent file (agentFile, nil for none), as OpenCode merges
// them.
func openCodeConfigItems(source string, root yaml.MapSlice, layers []openCodeLayer, agentFile func(name string) yaml.MapSlice) ([]*Item, error) {
	top := openCodeTopLevel(layers)
	var out []*Item
	found := false
	seen := map[string]bool{}
	for _, key := range []string{"agent", "agents", "mode"} {
		av, ok := get(root, key)
		if !ok {
			continue
		}
		found = true
		agents, ok := av.(yaml.MapSlice)
		if !ok {
			return nil, fmt.Errorf("%s: %s: expected an object of agents by name", source, key)
		}
		for _, a := range agents {
			fm, ok := a.Value.(yaml.MapSlice)
			if !ok {
				return nil, fmt.Errorf("%s: %s.%v: expected an object with the agent's fields", source, key, a.Key)
			}
			name := fmt.Sprint(a.Key)
			if str(must(get(fm, "disable"))) == "true" || seen[name] {
				continue
			}
			seen[name] = true
			// OpenCode merges every definition of the agent (a mode is a primary agent of
			// that name).
			var own yaml.MapSlice
			if agentFile != nil {
				own = agentFile(name)
			}
			fm = ocMergeAgent(ocAgentSources(layers, name, own))
			it, err := openCodeAgent(source+"#"+key+"."+name, name, fm, "", top)
			if err != nil {
				return nil, err
			}
			out = append(out, it)
		}
	}
	if !found && top != nil {
		for _, name := range ocNativeAgents {
			it, err := openCodeAgent(source+"#"+name, name, yaml.MapSlice{{Key: "description", Value: "OpenCode's " + name + " agent under this configuration's permission"}}, "", top)
			if err != nil {
				return nil, err
			}
			it.Report.change("agent", "OpenCode's own "+name+" agent", name, "the configuration defines no agents; its top-level permission governs OpenCode's own, which are imported with it")
			out = append(out, it)
		}
		return out, nil
	}
	if !found {
		return nil, fmt.Errorf("%s: no \"agent\", \"agents\" or \"mode\" object and no top-level permission: there are no agents to import", source)
	}
	return out, nil
}

// openCodeFields gathers what an agent's fields say into a Draft and its report.
type openCodeFields struct {
	source      string
	d           *Draft
	rep         *Report
	tools, perm any
	restored    bool
	v2          int // rules of the V2 list, which OpenCode ignores
}

func openCodeAgent(source, name string, fm yaml.MapSlice, body string, top any) (*Item, error) {
	rep := newReport(source, "", EnforcedByFile)
	f := &openCodeFields{source: source, d: &Draft{Prompt: body}, rep: rep}
	d := f.d
	d.Name = nameFor(name, rep)
	rep.Target = d.Name
	for _, it := range fm {
		if err := f.field(fmt.Sprint(it.Key), it.Value); err != nil {
			return nil, err
		}
	}
	if !f.restored {
		rs, err := openCodeResolved(source, name, top, f.tools, f.perm, rep)
		if err != nil {
			return nil, err
		}
		d.Rules = rs
	}
	if !f.restored || rep.Fidelity == nil {
		if rep.Fidelity == nil {
			rep.Fidelity = &Fidelity{}
		}
		// The V2 list is not applied, as by OpenCode: its rules are lost.
		rep.Fidelity.Rules += f.v2
		rep.Fidelity.Lost += f.v2
	}
	if d.Description == "" {
		d.Description = firstSentence(d.Prompt)
		if d.Description == "" {
			d.Description = "Imported from OpenCode: " + name
		}
		rep.change("description", "", d.Description, "a persona needs a description; the source had none")
	}
	if d.Prompt != "" && !contains(rep.Kept, "prompt") {
		rep.keep("prompt")
	}
	return &Item{Draft: d, Report: rep}, nil
}

// field reads one frontmatter (or agent object) field. OpenCode folds `tools` into the
// agent's permission first and lets a permission of the same key replace it where it stood,
// so both are only gathered here and resolved together.
func (f *openCodeFields) field(k string, v any) error {
	d, rep := f.d, f.rep
	switch k {
	case "description":
		d.Description = strings.TrimSpace(str(v))
		rep.keep("description")
	case "permission":
		f.perm = v
	case "permissions":
		rs, err := openCodeV2Permissions(f.source, v, newReport(f.source, "", EnforcedByFile))
		if err != nil {
			return err
		}
		d.keep("x-opencode", k, v)
		f.v2 = len(rs)
		rep.change("permissions", fmt.Sprintf("%d rules (the V2 list)", len(rs)), "x-opencode.permissions, not applied", "OpenCode 1.18.33 ignores the V2 permissions list; the agent decides by its permission map and OpenCode's defaults")
	case "tools":
		if _, ok := v.(yaml.MapSlice); !ok {
			return fmt.Errorf("%s: tools: expected a map of tool names to true or false", f.source)
		}
		f.tools = v
	case "prompt", "system":
		f.prompt(k, v)
	case "mode":
		f.mode(v)
	case "steps", "maxSteps":
		f.steps(k, v)
	case "hidden":
		d.Hidden = str(v) == "true"
		rep.keep("hidden")
	case "color":
		c := str(v)
		if personas.IsColor(c) {
			d.Color = c
			rep.keep("color")
			return nil
		}
		d.keep("x-opencode", k, v)
		rep.change("color", c, "x-opencode.color", "not a theme token of pi; kept for export")
	case agentmgrNS:
		if err := restoreAgentmgr(d, v, f.source); err != nil {
			return err
		}
		f.restored = true
		rep.keep("fields written by agentmgr export (x-agentmgr)")
		rep.Fidelity = restoredFidelity(v, d)
	default:
		d.keep("x-opencode", k, v)
		rep.change(k, str(v), "x-opencode."+k, "agentmgr does not use "+k+"; kept for export")
	}
	return nil
}

func (f *openCodeFields) prompt(k string, v any) {
	s := str(v)
	if strings.HasPrefix(s, "{file:") {
		f.d.keep("x-opencode", k, v)
		f.rep.lose(k+" "+s, "the prompt lives in another file; copy its text into the persona's body (kept in x-opencode for export)")
		return
	}
	f.d.Prompt = strings.TrimSpace(s)
	if k == "system" {
		f.rep.change("system", "system", "body", "the persona's prompt is its body")
	} else {
		f.rep.keep("prompt")
	}
}

func (f *openCodeFields) mode(v any) {
	switch m := str(v); m {
	case "subagent":
		f.d.Type = personas.TypeSubagent
		f.rep.keep("mode (as type)")
	case "primary":
		f.rep.keep("mode (as type)")
	default:
		f.d.keep("x-opencode", "mode", v)
		f.rep.change("mode", m, "type: primary", "personas are primary or subagent; all is offered for switching (kept in x-opencode for export)")
	}
}

func (f *openCodeFields) steps(k string, v any) {
	if n, ok := asInt(v); ok && n > 0 {
		f.d.Steps = n
		if k == "steps" {
			f.rep.keep("steps")
		} else {
			f.rep.change(k, str(v), "steps", "maxSteps is the older spelling of steps")
		}
		return
	}
	f.d.keep("x-opencode", k, v)
	f.rep.change(k, str(v), "x-opencode."+k, "not a positive number; kept for export")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// openCodeV1Permission reads `permission`: an action for everything, or a map of keys to an
// action or to an ordered map of patterns to actions. OpenCode decides the last matching rule,
// as agentmgr does, so the rules are kept in order.
func openCodeV1Permission(source string, v any, rep *Report) (engine.Ruleset, error) {
	if s, ok := v.(string); ok {
		a, err := engine.ParseAction(s)
		if err != nil {
			return nil, fmt.Errorf("%s: permission: %w", source, err)
		}
		rep.keep("permission")
		return engine.Ruleset{{Permission: "*", Pattern: "*", Action: a}}, nil
	}
	m, ok := v.(yaml.MapSlice)
	if !ok {
		return nil, fmt.Errorf("%s: permission: expected allow, ask, deny or a map of permissions", source)
	}
	var rs engine.Ruleset
	for _, e := range m {
		key := keyFromOpenCode(fmt.Sprint(e.Key))
		if key != fmt.Sprint(e.Key) {
			why := "agentmgr's key for that tool"
			if key == "edit" {
				// Measured: OpenCode 1.18.33 keeps a "write" or "patch" key as written, and its
				// write and patch tools ask the edit permission, so OpenCode never applies it.
				why = "OpenCode keeps this key but its write and patch tools ask edit, so OpenCode never applies it; agentmgr applies it to edits as its author meant (stricter or looser than OpenCode, counted in the figure)"
			}
			rep.change("permission "+fmt.Sprint(e.Key), fmt.Sprint(e.Key), key, why)
		}
		switch x := e.Value.(type) {
		case string:
			a, err := engine.ParseAction(x)
			if err != nil {
				return nil, fmt.Errorf("%s: permission.%s: %w", source, key, err)
			}
			rs = append(rs, engine.Rule{Permission: key, Pattern: "*", Action: a})
		case yaml.MapSlice:
			for _, pe := range x {
				a, err := engine.ParseAction(str(pe.Value))
				if err != nil {
					return nil, fmt.Errorf("%s: permission.%s.%q: %w", source, key, fmt.Sprint(pe.Key), err)
				}
				rs = append(rs, engine.Rule{Permission: key, Pattern: ocHomeTilde(fmt.Sprint(pe.Key)), Action: a})
			}
		default:
			return nil, fmt.Errorf("%s: permission.%s: expected an action or a map of patterns to actions", source, key)
		}
	}
	rep.keep(fmt.Sprintf("permission (%d rules, in order)", len(rs)))
	return rs, nil
}

// ocHomeTilde writes a pattern OpenCode reads from $HOME with agentmgr's ~.
func ocHomeTilde(p string) string {
	if rest, ok := strings.CutPrefix(p, "$HOME"); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
		return "~" + rest
	}
	return p
}

// openCodeV2Permissions reads the V2 ordered list [{action, resource, effect}]; `shell` is the
// V2 name of bash.
func openCodeV2Permissions(source string, v any, rep *Report) (engine.Ruleset, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: permissions: expected a list of {action, resource, effect}", source)
	}
	var rs engine.Ruleset
	renamed := false
	for i, e := range list {
		m, _ := e.(yaml.MapSlice)
		key := str(must(get(m, "action")))
		res := str(must(get(m, "resource")))
		if res == "" {
			res = "*"
		}
		a, err := engine.ParseAction(str(must(get(m, "effect"))))
		if key == "" || err != nil {
			return nil, fmt.Errorf("%s: permissions[%d]: expected {action: TOOL, resource: PATTERN, effect: allow|ask|deny}", source, i)
		}
		if key == "shell" {
			key, renamed = "bash", true
		}
		rs = append(rs, engine.Rule{Permission: key, Pattern: res, Action: a})
	}
	rep.keep(fmt.Sprintf("permissions (%d rules, in order)", len(rs)))
	if renamed {
		rep.change("permissions shell", "shell", "bash", "agentmgr's name for the shell permission")
	}
	return rs, nil
}
