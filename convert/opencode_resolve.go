package convert

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// openCodeResolved is an OpenCode agent's rules as OpenCode 1.18.33 resolves them: its
// built-in defaults, the rules it gives its own agent of that name (build, plan, general,
// explore...), then the top-level `permission` of the merged configuration, then the agent's
// `tools` and `permission` folded into one map (a permission replaces the tool's entry of the
// same key where the tool stood), and last the rule that keeps its saved tool output readable.
//
// The figure counts the source's rules (the top-level permission's, then the agent's tools and
// permission entries as merged). It is measured, not assumed: the mixed call set and probes
// made from the rules are decided by OpenCode's evaluation over the list OpenCode resolves
// (with the source's own keys) and by the imported persona, and a rule that decides a call
// the two decide differently, on either side, is counted as stricter or looser; every such
// call shape is in the report. The engine-wide shell difference is named once as well.
func openCodeResolved(source, name string, top, tools, perm any, rep *Report) (engine.Ruleset, error) {
	b := &ocResolution{verdicts: newRuleVerdicts(0)}
	b.own(ocBuiltinRules("~"), ocBuiltinRules(probeHome))
	rep.change("OpenCode's defaults", "implicit", ocRulesText(ocBuiltinRules("~")), "OpenCode starts every agent from these rules; they are written out so the persona decides as OpenCode does")
	if native := ocNativeRules(name, "~"); native != nil {
		b.own(native, ocNativeRules(name, probeHome))
		rep.change("OpenCode's "+name+" agent", "implicit", ocRulesText(native), "OpenCode gives its own "+name+" agent these rules before the configuration's; they are written out")
	}
	if top != nil {
		trs, err := openCodeV1Permission(source+": top-level", top, rep)
		if err != nil {
			return nil, err
		}
		b.source(trs, ocRawRules(top, probeHome))
		rep.change("top-level permission", "opencode.json permission", fmt.Sprintf("%d rules after the defaults", len(trs)), "OpenCode applies it (its global and project files merged) to every agent, before the agent's own rules")
	}
	merged, err := openCodeAgentPermission(source, tools, perm, rep)
	if err != nil {
		return nil, err
	}
	if len(merged) > 0 {
		ars, err := openCodeV1Permission(source, merged, rep)
		if err != nil {
			return nil, err
		}
		b.source(ars, ocRawRules(merged, probeHome))
	}
	if tr := ocTrailing(b.theirs, probeHome); tr != nil {
		b.own(ocTrailing(nil, "~"), tr)
		rep.change("OpenCode's tool output", "implicit", ocRulesText(ocTrailing(nil, "~")), "OpenCode adds this rule after the agent's own, so its saved tool output stays readable")
	}
	// No rules are added for the path arguments of bash's file commands: agentmgr asks
	// external_directory for them itself, as OpenCode does, with the same rules.
	rs, origin := b.rs, b.origin
	rep.change("shell analysis", "OpenCode matches each command's raw text", "agentmgr also decides what sudo, env, bash -c and other wrappers run, and a redirection's file as an edit", "stricter where OpenCode would not look: agentmgr fails closed")
	rs, origin = dropBeforeCatchAll(rs, origin, rep)
	openCodeImportCompare(rs, origin, b.theirs, b.theirOrigin, b.verdicts, rep)
	rep.Fidelity = b.verdicts.fidelity()
	return rs, nil
}

// ocResolution builds an agent's rules twice, as the persona holds them (agentmgr's keys,
// ~ for home) and as OpenCode holds them (its keys, the probe home), each rule tied to the
// source rule it counts as (-1 for OpenCode's own).
type ocResolution struct {
	rs          engine.Ruleset
	origin      []int
	theirs      []ocRule
	theirOrigin []int
	verdicts    ruleVerdicts
}

// own appends rules OpenCode adds on its own: mine as the persona writes them, theirs as
// OpenCode holds them.
func (b *ocResolution) own(mine, theirs []ocRule) {
	for _, r := range mine {
		b.rs = append(b.rs, engine.Rule{Permission: keyFromOpenCode(r.Permission), Pattern: r.Pattern, Action: r.Action})
		b.origin = append(b.origin, -1)
	}
	for _, r := range theirs {
		b.theirs, b.theirOrigin = append(b.theirs, r), append(b.theirOrigin, -1)
	}
}

// source appends the rules read from one permission value, and the same rules as OpenCode
// holds them, both tied to the source rules they count as.
func (b *ocResolution) source(trs engine.Ruleset, raw []ocRule) {
	for k := range trs {
		b.verdicts.next()
		src := len(b.verdicts) - 1
		b.rs, b.origin = append(b.rs, trs[k]), append(b.origin, src)
		b.theirs, b.theirOrigin = append(b.theirs, raw[k]), append(b.theirOrigin, src)
	}
}

// ocRulesText is rules as the report shows them: "permission pattern action; ...".
func ocRulesText(rules []ocRule) string {
	var shown []string
	for _, r := range rules {
		shown = append(shown, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return strings.Join(shown, "; ")
}

// openCodeAgentPermission folds an agent's `tools` into its `permission` as OpenCode does
// (JavaScript's Object.assign: a permission of the same key replaces the tool's entry where it
// stood).
func openCodeAgentPermission(source string, tools, perm any, rep *Report) (yaml.MapSlice, error) {
	merged := yaml.MapSlice{}
	if m, ok := tools.(yaml.MapSlice); ok {
		merged = ocToolsPermission(m)
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
	return merged, nil
}

// dropBeforeCatchAll leaves out the rules before the last rule for every call: they never
// decide, and without them the rest can be written as one rule map (OpenCode's defaults and an
// agent's own `"*"` rule, say).
func dropBeforeCatchAll(rs engine.Ruleset, origin []int, rep *Report) (engine.Ruleset, []int) {
	for i := len(rs) - 1; i > 0; i-- {
		if rs[i].Permission == "*" && rs[i].Pattern == "*" {
			rep.change("rules before a catch-all", fmt.Sprintf("%d rules", i), "left out", "the later `* *` rule decides every call they match")
			return rs[i:], origin[i:]
		}
	}
	return rs, origin
}

// ocRawRules are the rules of a permission value as OpenCode holds them: its own keys
// (write is not edit there), in order, with a pattern's leading ~ or $HOME read as home. A
// value openCodeV1Permission accepts has one rule here for each of its rules there.
func ocRawRules(v any, home string) []ocRule {
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
				out = append(out, ocRule{key, ocExpandHome(fmt.Sprint(pe.Key), home), engine.Action(str(pe.Value))})
			}
		}
	}
	return out
}

// ocExpandHome is OpenCode's reading of a rule pattern: ~, ~/..., $HOME and $HOME/... start at
// home.
func ocExpandHome(p, home string) string {
	switch {
	case p == "~":
		return home
	case strings.HasPrefix(p, "~/"):
		return home + p[1:]
	case strings.HasPrefix(p, "$HOME"):
		return home + p[len("$HOME"):]
	}
	return p
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
