package convert

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// ImportOpcode converts an opcode agent export (.opcode.json: {version: 1, exported_at,
// agent: {name, icon, model, system_prompt, default_task}}). opcode runs Claude Code, so the
// persona gets Claude Code's default decisions: reads allowed, everything else asks.
func ImportOpcode(source string, data []byte) (*Item, error) {
	v, err := decodeFile(source, data)
	if err != nil {
		return nil, err
	}
	root, _ := v.(yaml.MapSlice)
	av, ok := get(root, "agent")
	agent, isMap := av.(yaml.MapSlice)
	if !ok || !isMap {
		return nil, fmt.Errorf("%s:1:1: expected an opcode export: {\"version\": 1, \"agent\": {\"name\", \"system_prompt\", ...}}", source)
	}
	if ver := str(must(get(root, "version"))); ver != "" && ver != "1" {
		return nil, fmt.Errorf("%s: version %s: only version 1 of the opcode export is known", source, ver)
	}
	rep := newReport(source, "", EnforcedByFile)
	name := str(must(get(agent, "name")))
	if name == "" {
		return nil, fmt.Errorf("%s: agent.name: the agent has no name", source)
	}
	d := &Draft{Name: nameFor(name, rep)}
	rep.Target = d.Name
	d.Prompt = strings.TrimSpace(str(must(get(agent, "system_prompt"))))
	if d.Prompt != "" {
		rep.keep("system_prompt (as the prompt)")
	}
	d.Description = firstSentence(d.Prompt)
	if d.Description == "" {
		d.Description = "Imported from opcode: " + name
	}
	rep.change("description", "", d.Description, "opcode agents have no description; the prompt's first sentence is used")
	d.Rules = claudeBaseline("", nil, rep)
	// An opcode agent holds no permission rules: the figure counts none.
	rep.Fidelity = &Fidelity{}
	for _, it := range agent {
		switch k := fmt.Sprint(it.Key); k {
		case "name", "system_prompt":
		case "default_task":
			d.keep("x-opcode", k, it.Value)
			rep.lose("default_task", "personas have no default task (kept in x-opcode)")
		default:
			d.keep("x-opcode", k, it.Value)
			rep.change(k, str(it.Value), "x-opcode."+k, "agentmgr does not use "+k+"; kept for export")
		}
	}
	for _, it := range root {
		if k := fmt.Sprint(it.Key); k != "agent" && k != "version" {
			rep.lose(k, "about the export file, not the agent")
		}
	}
	return &Item{Draft: d, Report: rep}, nil
}
