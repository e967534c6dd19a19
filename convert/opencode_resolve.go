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
//
// The figure counts the source's rules (the top-level permission's, then the agent's tools and
// permission entries as merged) as enforced as written: the persona decides them as OpenCode
// does. The engine-wide difference of shell analysis is reported once, not counted per rule.
func openCodeResolved(source string, top, tools, perm any, rep *Report) (engine.Ruleset, error) {
	var rs engine.Ruleset
	nsrc := 0
	defer func() { rep.Fidelity = &Fidelity{Rules: nsrc, Exact: nsrc} }()
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
		nsrc += len(trs)
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
		nsrc += len(ars)
	}
	rs = withPathArguments(rs, rep)
	rep.change("shell analysis", "OpenCode matches each command's raw text", "agentmgr also decides what sudo, env, bash -c and other wrappers run, and a redirection's file as an edit", "stricter where OpenCode would not look: agentmgr fails closed")
	// A rule followed by a rule for every call never decides; dropping it lets the rest be
	// written as one rule map (OpenCode's defaults and an agent's own `"*"` rule, say).
	for i := len(rs) - 1; i > 0; i-- {
		if rs[i].Permission == "*" && rs[i].Pattern == "*" {
			rep.change("rules before a catch-all", fmt.Sprintf("%d rules", i), "left out", "the later `* *` rule decides every call they match")
			rs = rs[i:]
			break
		}
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

// ocPathCommandNames are the file commands whose path arguments OpenCode checks against
// external_directory, in a fixed order.
var ocPathCommandNames = []string{"cat", "cd", "chmod", "chown", "cp", "mkdir", "mv", "rm", "touch"}

// withPathArguments adds what OpenCode does with the path arguments of file commands: an
// absolute or home path is also decided by external_directory, the stricter answer winning.
// The rules go after the bash rules with external_directory's answer for every folder, and the
// bash deny rules no later rule narrows are written again after them, since a deny is the
// stricter answer wherever it matches.
func withPathArguments(rs engine.Ruleset, rep *Report) engine.Ruleset {
	ext := engine.Compile(rs).Evaluate("external_directory", "/zz/outside").Action
	if ext == engine.Allow {
		return rs
	}
	at := len(rs)
	for i, r := range rs {
		if r.Permission == "bash" || r.Permission == "*" {
			at = i + 1
		}
	}
	var add engine.Ruleset
	for _, c := range ocPathCommandNames {
		for _, pat := range []string{c + " /*", c + " * /*", c + " ~*", c + " * ~*"} {
			add = append(add, engine.Rule{Permission: "bash", Pattern: pat, Action: ext})
		}
	}
	if ext == engine.Ask {
		for i, r := range rs[:at] {
			if r.Permission != "bash" || r.Action != engine.Deny {
				continue
			}
			narrowed := false
			for _, o := range rs[i+1 : at] {
				narrowed = narrowed || o.Action != engine.Deny && engine.RulesOverlap(r, o)
			}
			if !narrowed {
				add = append(add, r)
			}
		}
	}
	rep.change("bash path arguments", "external_directory", fmt.Sprintf("bash rules for absolute and home paths of %s: %s", strings.Join(ocPathCommandNames, ", "), ext), "OpenCode also asks external_directory for them")
	out := append(append(append(engine.Ruleset(nil), rs[:at]...), add...), rs[at:]...)
	return out
}
