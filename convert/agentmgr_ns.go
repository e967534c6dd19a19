package convert

import (
	"fmt"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// agentmgrNS is the passthrough key an export writes into another format's file for what that
// format cannot hold (the ordered rules, icon, type, hidden, theme colour), so that importing
// the file back gives the same persona.
const agentmgrNS = "x-agentmgr"

// agentmgrBlock is the x-agentmgr value for persona p.
func agentmgrBlock(p *personas.Persona) yaml.MapSlice {
	m := yaml.MapSlice{}
	if p.Type != "" {
		m = append(m, yaml.MapItem{Key: "type", Value: p.Type})
	}
	if p.Icon != "" {
		m = append(m, yaml.MapItem{Key: "icon", Value: p.Icon})
	}
	if p.Color != "" {
		m = append(m, yaml.MapItem{Key: "color", Value: p.Color})
	}
	if p.Hidden {
		m = append(m, yaml.MapItem{Key: "hidden", Value: true})
	}
	rules := []any{}
	for _, r := range p.Rules {
		m := yaml.MapSlice{{Key: "permission", Value: r.Permission}, {Key: "pattern", Value: r.Pattern}, {Key: "action", Value: string(r.Action)}}
		if r.Reason != "" {
			m = append(m, yaml.MapItem{Key: "reason", Value: r.Reason})
		}
		rules = append(rules, m)
	}
	return append(m, yaml.MapItem{Key: "permissions", Value: rules})
}

// restoreAgentmgr applies an x-agentmgr block to d: its rules replace the ones derived from
// the format's own fields, which are only an approximation of them.
func restoreAgentmgr(d *Draft, v any, source string) error {
	m, ok := v.(yaml.MapSlice)
	if !ok {
		return fmt.Errorf("%s: %s: expected a map written by agentmgr export", source, agentmgrNS)
	}
	for _, it := range m {
		switch fmt.Sprint(it.Key) {
		case "type":
			d.Type = str(it.Value)
		case "icon":
			d.Icon = str(it.Value)
		case "color":
			d.Color = str(it.Value)
		case "hidden":
			d.Hidden = str(it.Value) == "true"
		case "permissions":
			list, ok := it.Value.([]any)
			if !ok {
				return fmt.Errorf("%s: %s.permissions: expected a list of {permission, pattern, action}", source, agentmgrNS)
			}
			var rs engine.Ruleset
			for i, e := range list {
				rm, _ := e.(yaml.MapSlice)
				a, err := engine.ParseAction(str(must(get(rm, "action"))))
				perm, pat := str(must(get(rm, "permission"))), str(must(get(rm, "pattern")))
				if err != nil || perm == "" {
					return fmt.Errorf("%s: %s.permissions[%d]: expected {permission, pattern, action} with action allow, ask or deny", source, agentmgrNS, i)
				}
				rs = append(rs, engine.Rule{Permission: perm, Pattern: pat, Action: a, Reason: str(must(get(rm, "reason")))})
			}
			d.Rules = rs
		}
	}
	return nil
}

// restoredFidelity is the figure of an import whose x-agentmgr block v holds the rules: the
// source's rules are the persona's own, read back as written. It is nil for a block without
// rules.
func restoredFidelity(v any, d *Draft) *Fidelity {
	m, _ := v.(yaml.MapSlice)
	if _, ok := get(m, "permissions"); !ok {
		return nil
	}
	return &Fidelity{Rules: len(d.Rules), Exact: len(d.Rules)}
}
