package convert

import (
	"fmt"
	"slices"
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
// permission entries as merged). It is measured, not assumed: the mixed call set and probes
// made from the rules are decided by OpenCode's evaluation over the list OpenCode resolves
// (with the source's own keys) and by the imported persona, and a rule that decides a call
// the two decide differently, on either side, is counted as stricter or looser; every such
// call shape is in the report. The engine-wide shell difference is named once as well.
func openCodeResolved(source string, top, tools, perm any, rep *Report) (engine.Ruleset, error) {
	var rs engine.Ruleset
	var origin []int // for each rule of rs: the source rule it comes from, -1 for OpenCode's own
	var theirs []ocRule
	var theirOrigin []int
	verdicts := newRuleVerdicts(0)
	var shown []string
	for _, r := range ocBuiltinRules("~") {
		rs = append(rs, engine.Rule{Permission: keyFromOpenCode(r.Permission), Pattern: r.Pattern, Action: r.Action})
		origin = append(origin, -1)
		shown = append(shown, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	for _, r := range ocBuiltinRules(probeHome) {
		theirs, theirOrigin = append(theirs, r), append(theirOrigin, -1)
	}
	// add appends the rules read from one permission value, and the same rules as OpenCode
	// holds them (its own keys), both tied to the source rules they count as.
	add := func(trs engine.Ruleset, raw []ocRule) {
		for k := range trs {
			verdicts.next()
			rs, origin = append(rs, trs[k]), append(origin, len(verdicts)-1)
			theirs, theirOrigin = append(theirs, raw[k]), append(theirOrigin, len(verdicts)-1)
		}
	}
	rep.change("OpenCode's defaults", "implicit", strings.Join(shown, "; "), "OpenCode starts every agent from these rules; they are written out so the persona decides as OpenCode does")
	if top != nil {
		trs, err := openCodeV1Permission(source+": top-level", top, rep)
		if err != nil {
			return nil, err
		}
		add(trs, ocRawRules(top))
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
		add(ars, ocRawRules(merged))
	}
	rs, origin = withPathArguments(rs, origin, rep)
	rep.change("shell analysis", "OpenCode matches each command's raw text", "agentmgr also decides what sudo, env, bash -c and other wrappers run, and a redirection's file as an edit", "stricter where OpenCode would not look: agentmgr fails closed")
	// A rule followed by a rule for every call never decides; dropping it lets the rest be
	// written as one rule map (OpenCode's defaults and an agent's own `"*"` rule, say).
	for i := len(rs) - 1; i > 0; i-- {
		if rs[i].Permission == "*" && rs[i].Pattern == "*" {
			rep.change("rules before a catch-all", fmt.Sprintf("%d rules", i), "left out", "the later `* *` rule decides every call they match")
			rs, origin = rs[i:], origin[i:]
			break
		}
	}
	openCodeImportCompare(rs, origin, theirs, theirOrigin, verdicts, rep)
	rep.Fidelity = verdicts.fidelity()
	return rs, nil
}

// ocRawRules are the rules of a permission value as OpenCode holds them: its own keys
// (write is not edit there), in order. A value openCodeV1Permission accepts has one rule here
// for each of its rules there.
func ocRawRules(v any) []ocRule {
	if s, ok := v.(string); ok {
		return []ocRule{{"*", "*", engine.Action(s)}}
	}
	m, _ := v.(yaml.MapSlice)
	var out []ocRule
	for _, e := range m {
		key := fmt.Sprint(e.Key)
		switch x := e.Value.(type) {
		case string:
			out = append(out, ocRule{key, "*", engine.Action(x)})
		case yaml.MapSlice:
			for _, pe := range x {
				out = append(out, ocRule{key, fmt.Sprint(pe.Key), engine.Action(str(pe.Value))})
			}
		}
	}
	return out
}

// openCodeImportCompare decides the mixed calls and the probes made from the rules with the
// imported persona (rs) and with OpenCode's evaluation over its own list (theirs), reports
// every call shape that differs, and marks the source rule that decided such a call on either
// side as stricter or looser (from the persona's side: stricter when it decides more strictly
// than OpenCode).
func openCodeImportCompare(rs engine.Ruleset, origin []int, theirs []ocRule, theirOrigin []int, verdicts ruleVerdicts, rep *Report) {
	pol := openCodePreview(rs)
	pl := ocPlace{probeProject, probeHome}
	// The calls are made from the source's rules; the path-argument rules the import adds are
	// exercised by the mixed calls (probes made from them would multiply the calls).
	var own engine.Ruleset
	for i, r := range rs {
		if origin[i] >= 0 {
			own = append(own, r)
		}
	}
	calls := openCodeCalls(own)
	compareCalls(calls,
		func(c ocCall) engine.Action { return pol.DecideKey(c.Key, c.Value).Action },
		func(c ocCall) engine.Action { return ocDecide(theirs, ocKeyFor(c.Key), c.Value, pl) },
		"the persona decides", "agentmgr's shell analysis (wrappers, redirections, options it does not know) and OpenCode's differ; see the shell analysis entry", rep)
	type seen struct {
		n       int
		example string
	}
	byRule := map[int]*seen{}
	var order []int
	blame := func(src, v int, example string) {
		if src < 0 {
			return
		}
		verdicts.mark(src, v)
		if byRule[src] == nil {
			byRule[src] = &seen{example: example}
			order = append(order, src)
		}
		byRule[src].n++
	}
	for _, c := range calls {
		d := pol.DecideKey(c.Key, c.Value)
		o := ocDecide(theirs, ocKeyFor(c.Key), c.Value, pl)
		if d.Action == o {
			continue
		}
		v := ruleLooser
		if engine.Stricter(d.Action, o) == d.Action {
			v = ruleStricter
		}
		example := fmt.Sprintf("%s %q: %s in OpenCode, %s here", c.Key, c.Value, o, d.Action)
		if d.Rule != nil {
			for i, r := range rs {
				if origin[i] >= 0 && r.Permission == d.Rule.Permission && r.Pattern == d.Rule.Pattern && r.Action == d.Rule.Action {
					blame(origin[i], v, example)
					break
				}
			}
		}
		// OpenCode's side: the last rule matching the call's text, when its answer is
		// OpenCode's (a shell command is decided per simple command, and a folder change not
		// at all, so the whole text's last match is not always what decided).
		key := ocKeyFor(c.Key)
		for i := len(theirs) - 1; i >= 0; i-- {
			if ocMatch(key, theirs[i].Permission) && ocMatch(c.Value, theirs[i].Pattern) {
				if theirs[i].Action == o {
					blame(theirOrigin[i], v, example)
				}
				break
			}
		}
	}
	for _, src := range order {
		i := slices.Index(theirOrigin, src)
		r := theirs[i]
		dir := "looser"
		if verdicts[src] == ruleStricter {
			dir = "stricter"
		}
		rep.change(fmt.Sprintf("rule %s %q %s", r.Permission, r.Pattern, r.Action), "decided as OpenCode decides", dir,
			fmt.Sprintf("%d of the compared calls it decides are decided otherwise, e.g. %s (see the shell analysis entry)", byRule[src].n, byRule[src].example))
	}
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
func withPathArguments(rs engine.Ruleset, origin []int, rep *Report) (engine.Ruleset, []int) {
	ext := engine.Compile(rs).Evaluate("external_directory", "/zz/outside").Action
	if ext == engine.Allow {
		return rs, origin
	}
	at := len(rs)
	for i, r := range rs {
		if r.Permission == "bash" || r.Permission == "*" {
			at = i + 1
		}
	}
	var add engine.Ruleset
	var addOrigin []int
	for _, c := range ocPathCommandNames {
		for _, pat := range []string{c + " /*", c + " * /*", c + " ~", c + " * ~", c + " ~/*", c + " * ~/*"} {
			add = append(add, engine.Rule{Permission: "bash", Pattern: pat, Action: ext})
			addOrigin = append(addOrigin, -1)
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
				add, addOrigin = append(add, r), append(addOrigin, origin[i])
			}
		}
	}
	rep.change("bash path arguments", "external_directory", fmt.Sprintf("bash rules for absolute and home paths of %s: %s", strings.Join(ocPathCommandNames, ", "), ext), "OpenCode also asks external_directory for them")
	out := append(append(append(engine.Ruleset(nil), rs[:at]...), add...), rs[at:]...)
	outOrigin := append(append(append([]int(nil), origin[:at]...), addOrigin...), origin[at:]...)
	return out, outOrigin
}
