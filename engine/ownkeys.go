package engine

import (
	"github.com/agentmgr/agentmgr/mapping"
)

// Tools that are keys of their own (docs/rules.md, "pi's tool names as keys"): pi's write, find,
// ls, web_search and fetch_content are governed by their family's key (edit, glob, list,
// websearch, webfetch) unless the rules tell the two apart, naming both the tool and its family
// as pi-permission-system's users do (`write: deny` apart from `edit: allow`): the tool's calls
// are then decided by the rules of its own name and the catch-alls, and guards still by the
// family's key too, so a guard's edit deny holds for write whatever a persona says of write. A
// rule naming the tool alone decides nothing, as a tool name that is no key never does: a
// persona keeps its meaning until it names both.

// ToolKey is the permission key the policy decides tool's calls under: the tool's own name
// when it is a tool that may be a key of its own (mapping.IsOwnKeyTool) and one ruleset (the
// persona's, a caller's) names both the tool and its family key, else the mapping's key.
func (p *Policy) ToolKey(tool string) string {
	key := mapping.KeyForTool(tool)
	if key == tool || !mapping.IsOwnKeyTool(tool) {
		return key
	}
	sets := []*Compiled{p.Persona}
	for _, c := range p.Callers {
		sets = append(sets, c.Rules)
	}
	for _, cs := range sets {
		if cs != nil && cs.namesKey(tool) && cs.namesKey(key) {
			return tool
		}
	}
	return key
}

// namesKey reports whether a rule of c names key itself (not by a wildcard).
func (c *Compiled) namesKey(key string) bool {
	return len(c.byKey[key]) > 0
}

// DecideToolKey decides value of a call of tool under key (ToolKey's answer): when key is the
// tool's own name, the guards also decide it under the family's key and the stricter answer
// stands.
func (p *Policy) DecideToolKey(tool, key, value string) Decision {
	d := p.DecideKey(key, value)
	family := mapping.KeyForTool(tool)
	if key == family || len(p.Guards) == 0 {
		return d
	}
	g := p.guardsOnly().DecideKey(family, value)
	if g.Action.rank() > d.Action.rank() {
		return g
	}
	return d
}

// guardsOnly is p with a persona that allows everything and no session, callers or yolo: what
// the guards alone say.
func (p *Policy) guardsOnly() *Policy {
	q := &Policy{Guards: p.Guards, Place: p.Place, Name: p.Name}
	q.Persona = CompileWithHome(Ruleset{{Permission: "*", Pattern: "*", Action: Allow}}, p.Home())
	return q
}

// DecideMCP decides a call of pi's MCP adapter tool on its targets (decide.ReadMCPCall), as
// pi-permission-system does: the first target that a rule naming the mcp key matches decides
// (so `mcp: {"*": ask, "exa:*": allow}` asks for exa:search, whose first target exa_search
// `*` matches); when none is matched by such a rule, the first target is decided by the
// catch-alls. The Claude Code name of the tool (mcp__server__tool), when known, is decided too
// by the rules that name it, and the stricter answer stands.
func (p *Policy) DecideMCP(targets []string, claude string) Decision {
	key := mapping.MCPAdapterKey
	if len(targets) == 0 {
		targets = []string{key}
	}
	d, found := Decision{}, false
	for _, t := range targets {
		if c := p.Decide(key, t); c.Rule != nil && !IsCatchAll(c.Rule.Permission) {
			d, found = c, true
			break
		}
	}
	if !found {
		d = p.Decide(key, targets[0])
	}
	if claude != "" {
		if c := p.Decide(claude, ""); c.Rule != nil && !IsCatchAll(c.Rule.Permission) && c.Action.rank() > d.Action.rank() {
			d = c
		}
	}
	return d
}
