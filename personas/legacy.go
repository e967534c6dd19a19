package personas

import (
	"github.com/goccy/go-yaml/ast"
)

// ParseLegacy reads the pi agent-manager extension's JSON list,
// {"agents":[{name, description, permissions, icon?, color?, extraInstructions?}]}, as global
// personas. Each agent is checked like a persona file; a broken agent is skipped and reported
// without hiding the others. extraInstructions is the agent's prompt.
func ParseLegacy(path string, data []byte) ([]*Persona, []Problem) {
	r := &reader{file: path, json: true}
	// JSON is YAML's flow style, so the YAML parser gives lines and columns for JSON too.
	f, ok := r.parseFile(data)
	if !ok {
		return nil, r.probs
	}
	root := r.rootMap(f)
	if root == nil {
		return nil, r.probs
	}
	var agents ast.Node
	for _, e := range r.entries("", root) {
		if e.key == "agents" {
			agents = e.mv.Value
		}
	}
	if agents == nil {
		return nil, r.probs
	}
	seq, ok := unwrap(agents).(*ast.SequenceNode)
	if !ok {
		if _, null, _ := scalarText(agents); null {
			return nil, r.probs
		}
		r.errorf(agents, "agents: expected a list of agents, got %s", kindOf(agents))
		return nil, r.probs
	}
	var out []*Persona
	seen := map[string]int{}
	for i, item := range seq.Values {
		m, ok := unwrap(item).(*ast.MappingNode)
		if !ok {
			r.errorf(item, "agents[%d]: expected an object with name, description and permissions, got %s", i, kindOf(item))
			continue
		}
		ar := &reader{file: path}
		line, col := nodePos(item)
		d := &parsed{root: m, legacyJSON: true, missLine: line, missCol: col}
		d.fields = ar.entries("", m)
		p := ar.fields(d, path, ScopeGlobal)
		if p != nil {
			if first, dup := seen[p.Name]; dup {
				ar.errorf(item, "agents[%d]: the name %q is already used by agents[%d]; rename one of them", i, p.Name, first)
				p = nil
			} else {
				seen[p.Name] = i
				p.Notes = ar.notes()
				out = append(out, p)
			}
		}
		r.probs = append(r.probs, ar.probs...)
	}
	return out, r.probs
}
