package convert

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// openCodeResolved is an OpenCode agent's rules as OpenCode 1.18.33 resolves them: its
// built-in defaults, then the top-level `permission` of opencode.json, then the agent's
// `tools` and `permission` folded into one map (a permission replaces the tool's entry of the
// same key where the tool stood).
func openCodeResolved(source string, top, tools, perm any, rep *Report) (engine.Ruleset, error) {
	var rs engine.Ruleset
	var shown []string
	for _, r := range ocBuiltinRules("~") {
		rs = append(rs, engine.Rule{Permission: keyFromOpenCode(r.Permission), Pattern: r.Pattern, Action: r.Action})
		shown = append(shown, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	rep.change("OpenCode's defaults", "implicit", strings.Join(shown, "; "), "OpenCode starts every agent from these rules; they are written out so the persona decides as OpenCode does")
	if top != nil {
		trs, err := openCodeV1Permission(source+": top-level", top, rep)
		if err != nil {
			return nil, err
		}
		rs = append(rs, trs...)
		rep.change("top-level permission", "opencode.json permission", fmt.Sprintf("%d rules after the defaults", len(trs)), "OpenCode applies it to every agent, before the agent's own rules")
	}
	merged := yaml.MapSlice{}
	if m, ok := tools.(yaml.MapSlice); ok {
		for _, t := range m {
			a := "deny"
			if str(t.Value) == "true" {
				a = "allow"
			}
			k := fmt.Sprint(t.Key)
			if k == "write" || k == "patch" || k == "edit" {
				k = "edit"
			}
			merged = assignKey(merged, k, a)
		}
		rep.change("tools", str(tools), "rules before the agent's permission", "OpenCode turns tools into allow or deny first; a permission of the same key replaces it")
	}
	switch x := perm.(type) {
	case nil:
	case string:
		merged = assignKey(merged, "*", x)
	case yaml.MapSlice:
		for _, e := range x {
			merged = assignKey(merged, fmt.Sprint(e.Key), e.Value)
		}
	default:
		return nil, fmt.Errorf("%s: permission: expected allow, ask, deny or a map of permissions", source)
	}
	if len(merged) > 0 {
		ars, err := openCodeV1Permission(source, merged, rep)
		if err != nil {
			return nil, err
		}
		rs = append(rs, ars...)
	}
	return rs, nil
}

// assignKey sets key in m as JavaScript's Object.assign does: in place when it is there,
// else at the end.
func assignKey(m yaml.MapSlice, key string, v any) yaml.MapSlice {
	for i := range m {
		if fmt.Sprint(m[i].Key) == key {
			m[i].Value = v
			return m
		}
	}
	return append(m, yaml.MapItem{Key: key, Value: v})
}
