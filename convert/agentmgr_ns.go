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
	m = appendLook(m, p.Icon, p.Color, p.Hidden)
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

// appendLook appends to m the fields of how a persona is shown that are set: icon, color and
// hidden, in that order, as a persona file and the x-agentmgr block both write them.
func appendLook(m yaml.MapSlice, icon, color string, hidden bool) yaml.MapSlice {
	if icon != "" {
		m = append(m, yaml.MapItem{Key: "icon", Value: icon})
	}
	if color != "" {
		m = append(m, yaml.MapItem{Key: "color", Value: color})
	}
	if hidden {
		m = append(m, yaml.MapItem{Key: "hidden", Value: true})
	}
	return m
}

// restoreExported applies the x-agentmgr block v an export wrote to d (restoreAgentmgr), and
// reports it kept, with the fidelity the export recorded, if any. held names what the block
// held for the format, for the report.
func restoreExported(d *Draft, rep *Report, v any, source, held string) error {
	if err := restoreAgentmgr(d, v, source); err != nil {
		return err
	}
	rep.keep(held + " written by agentmgr export (x-agentmgr)")
	if f := restoredFidelity(v, d); f != nil {
		rep.Fidelity = f
	}
	return nil
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
