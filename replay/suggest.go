package replay

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// Suggestion is a least-privilege ruleset drawn from the log: a catch-all default, then the
// fewest allow rules (of the patterns the approval flow suggests) that keep every call the log
// shows allowed or approved "always", and allow no call it shows denied or rejected.
type Suggestion struct {
	Rules   engine.Ruleset // `* * Default`, then the allow rules grouped by permission key
	Kept    []Call         // the distinct calls the rules keep allowing, oldest first
	Refused []Call         // the distinct calls denied or rejected (and never allowed), which stay so
	Unkept  []Unkept       // calls the log allowed that no rule can keep
}

// Unkept is a call the log shows allowed that the suggestion cannot keep, and why.
type Unkept struct {
	Call
	Why string
}

// Suggest proposes the rules for the calls of l made under agent ("" for every call), with def
// (ask or deny) for everything else. Each call the log shows allowed is given the patterns an
// "always" reply would suggest for it; when such a pattern would also let through a call the
// log shows refused, the call's own values are used instead (with `*` and `?` in them matched as
// one character). Rules that other rules make unnecessary are dropped, most specific first.
func Suggest(l *Log, agent string, def engine.Action) (Suggestion, error) {
	if def != engine.Ask && def != engine.Deny {
		return Suggestion{}, fmt.Errorf("the default must be ask or deny, not %q: an allow-list starts from not allowing", def)
	}
	var s Suggestion
	kept, refused := distinctCalls(l, agent)
	s.Refused = refused
	base := engine.Rule{Permission: "*", Pattern: "*", Action: engine.Ask, Source: suggested}
	var allow engine.Ruleset
	policyWith := func(extra engine.Ruleset) *engine.Policy {
		return engine.NewPolicy(append(append(engine.Ruleset{base}, allow...), extra...))
	}
	pol := policyWith(nil)
	for _, c := range kept {
		d := pol.DecideKeyValues(c.Key, c.Values)
		if d.Action == engine.Allow {
			s.Kept = append(s.Kept, c)
			continue
		}
		add := allowRules(c.Key, pol.Suggestions(toolFor(c.Key), c.Values, d))
		if _, bad := refusedBy(policyWith(add), c.Key, refused); bad {
			add = allowRules(c.Key, exactPatterns(c.Key, c.Values, d))
		}
		if r, bad := refusedBy(policyWith(add), c.Key, refused); bad {
			s.Unkept = append(s.Unkept, Unkept{c, fmt.Sprintf("allowing it would allow %s, which the log shows refused", describe(r))})
			continue
		}
		next := policyWith(add)
		if next.DecideKeyValues(c.Key, c.Values).Action != engine.Allow {
			s.Unkept = append(s.Unkept, Unkept{c, "no rule can allow it: the shell analysis cannot read part of it, so it always asks"})
			continue
		}
		allow = append(allow, add...)
		pol = next
		s.Kept = append(s.Kept, c)
	}
	// Minimized under the catch-all the suggestion really starts with: whether a rule is
	// needed can depend on it (an unknown git subcommand asks under a catch-all that asks).
	head := engine.Rule{Permission: "*", Pattern: "*", Action: def, Source: suggested}
	allow = groupByKey(minimize(allow, head, s.Kept))
	s.Rules = prune(append(engine.Ruleset{head}, allow...), s.Kept)
	return s, nil
}

// suggested is the source of the rules Suggest makes.
var suggested = engine.Source{Kind: engine.FromRequest, Name: "suggest"}

// distinctCalls splits agent's calls into those the log shows allowed (or approved always) and
// those it shows refused, each distinct call once, oldest first. A call the log shows both
// allowed and refused is only kept: the person let it through at least once.
func distinctCalls(l *Log, agent string) (kept, refused []Call) {
	seen := map[string]bool{}
	keptIDs := map[string]bool{}
	for _, c := range l.Calls {
		if agent != "" && c.Agent != agent || c.Clipped {
			continue
		}
		if id := callID(c); c.Kept() && !keptIDs[id] {
			keptIDs[id] = true
			kept = append(kept, c)
		}
	}
	for _, c := range l.Calls {
		if agent != "" && c.Agent != agent || !c.Refused() || c.Clipped {
			continue
		}
		if id := callID(c); !keptIDs[id] && !seen[id] {
			seen[id] = true
			refused = append(refused, c)
		}
	}
	return kept, refused
}

func callID(c Call) string { return c.Key + "\x00" + strings.Join(c.Values, "\x00") }

// toolFor is a tool governed by key, for the engine's calls that take a tool name.
func toolFor(key string) string {
	if mapping.KeyForTool(key) == key {
		return key
	}
	return mapping.ToolsForKey(key)[0]
}

func allowRules(key string, patterns []string) engine.Ruleset {
	var out engine.Ruleset
	for _, p := range patterns {
		out = append(out, engine.Rule{Permission: key, Pattern: p, Action: engine.Allow, Source: suggested})
	}
	return out
}

// exactPatterns are patterns for exactly the parts of a call that were not allowed: each shell
// command's text, or each value, with the wildcard characters in it matched as one character
// (the pattern language has no escape).
func exactPatterns(key string, values []string, d engine.Decision) []string {
	var out []string
	if mapping.IsShellKey(key) {
		for _, u := range d.Units {
			if u.Action != engine.Allow {
				out = append(out, literal(u.Text))
			}
		}
		return out
	}
	if len(values) == 0 {
		return []string{""}
	}
	for _, v := range values {
		out = append(out, literal(v))
	}
	return out
}

func literal(s string) string { return strings.NewReplacer("*", "?", "?", "?").Replace(s) }

// refusedBy returns a refused call of key that pol allows.
func refusedBy(pol *engine.Policy, key string, refused []Call) (Call, bool) {
	for _, r := range refused {
		if r.Key == key && pol.DecideKeyValues(r.Key, r.Values).Action == engine.Allow {
			return r, true
		}
	}
	return Call{}, false
}

// minimize drops the allow rules that the others make unnecessary for the kept calls, trying
// the most specific (longest) patterns first.
func minimize(allow engine.Ruleset, base engine.Rule, kept []Call) engine.Ruleset {
	order := make([]int, len(allow))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(allow[b].Pattern), len(allow[a].Pattern)) })
	dropped := make([]bool, len(allow))
	for _, i := range order {
		dropped[i] = true
		var rs engine.Ruleset
		for j, r := range allow {
			if !dropped[j] {
				rs = append(rs, r)
			}
		}
		pol := engine.NewPolicy(append(engine.Ruleset{base}, rs...))
		for _, c := range kept {
			if c.Key == allow[i].Permission && pol.DecideKeyValues(c.Key, c.Values).Action != engine.Allow {
				dropped[i] = false
				break
			}
		}
	}
	var out engine.Ruleset
	for i, r := range allow {
		if !dropped[i] && !slices.ContainsFunc(out, func(o engine.Rule) bool { return o.Permission == r.Permission && o.Pattern == r.Pattern }) {
			out = append(out, r)
		}
	}
	return out
}

// prune drops, from the final rules in their final order, each allow rule without which every
// kept call is still allowed. minimize judged the rules in the order they were found; grouped
// and sorted, a rule can turn out unneeded (a wider pattern now comes after it), and a
// suggestion keeps only rules some call needs.
func prune(rules engine.Ruleset, kept []Call) engine.Ruleset {
	for i := len(rules) - 1; i >= 1; i-- {
		without := engine.NewPolicy(slices.Delete(slices.Clone(rules), i, i+1))
		needed := slices.ContainsFunc(kept, func(c Call) bool {
			return without.DecideKeyValues(c.Key, c.Values).Action != engine.Allow
		})
		if !needed {
			rules = slices.Delete(rules, i, i+1)
		}
	}
	return rules
}

// groupByKey orders rules by permission key, keys in the order they first appear, and each
// key's patterns alphabetically.
func groupByKey(rs engine.Ruleset) engine.Ruleset {
	var keys []string
	for _, r := range rs {
		if !slices.Contains(keys, r.Permission) {
			keys = append(keys, r.Permission)
		}
	}
	out := make(engine.Ruleset, 0, len(rs))
	for _, k := range keys {
		from := len(out)
		for _, r := range rs {
			if r.Permission == k {
				out = append(out, r)
			}
		}
		slices.SortStableFunc(out[from:], func(a, b engine.Rule) int { return cmp.Compare(a.Pattern, b.Pattern) })
	}
	return out
}

// describe names a call for messages: `bash "rm -rf /"`.
func describe(c Call) string {
	if len(c.Values) == 0 {
		return c.Key
	}
	return fmt.Sprintf("%s %q", c.Key, strings.Join(c.Values, `", "`))
}
