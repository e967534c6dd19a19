package convert

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Draft is an agentmgr persona made from another format, before it is written: the fields a
// persona file holds, its rules in evaluation order, and the source's fields agentmgr does not
// use, kept under namespaced passthrough keys (x-claude, x-opencode, x-roo, x-opcode) so that
// an export back to that format restores them.
type Draft struct {
	Name        string
	Description string
	Type        string // personas.TypePrimary or personas.TypeSubagent; "" is primary
	Icon        string
	Color       string
	Hidden      bool
	Steps       int
	Prompt      string
	Rules       engine.Ruleset
	Examples    []exampleItem // calls the rules are expected to decide a certain way
	Passthrough yaml.MapSlice // namespaced keys, in order, each holding a map
}

// exampleItem is one item of a persona's examples block: the call ("TOOL: VALUE") and the
// answer it is listed under.
type exampleItem struct {
	Expect engine.Action
	Call   string
}

// Item is one converted source item: the draft persona and its fidelity report.
type Item struct {
	Draft  *Draft
	Report *Report
	// Guards are rules the source meant for every agent, not one persona (pi-permission-system's
	// path protections): written to a guards file only when asked (import --guards).
	Guards engine.Ruleset
}

// keep stores value under ns.key in the passthrough.
func (d *Draft) keep(ns, key string, value any) {
	for i := range d.Passthrough {
		if d.Passthrough[i].Key == ns {
			m, _ := d.Passthrough[i].Value.(yaml.MapSlice)
			d.Passthrough[i].Value = append(m, yaml.MapItem{Key: key, Value: value})
			return
		}
	}
	d.Passthrough = append(d.Passthrough, yaml.MapItem{Key: ns, Value: yaml.MapSlice{{Key: key, Value: value}}})
}

// Render writes the draft as the text of a persona file. The rules are written as a rule
// map, which names each permission once: rules of one permission that stand apart are moved
// together when no rule between them can decide the same calls (see groupRules); when that is
// impossible, Render fails rather than write rules that decide differently.
func (d *Draft) Render() ([]byte, error) {
	rules, err := groupRules(d.Rules)
	if err != nil {
		return nil, err
	}
	fm := yaml.MapSlice{{Key: "name", Value: d.Name}, {Key: "description", Value: d.Description}}
	if d.Type == personas.TypeSubagent {
		fm = append(fm, yaml.MapItem{Key: "type", Value: d.Type})
	}
	fm = appendLook(fm, d.Icon, d.Color, d.Hidden)
	if d.Steps > 0 {
		fm = append(fm, yaml.MapItem{Key: "steps", Value: d.Steps})
	}
	fm = append(fm, yaml.MapItem{Key: "permissions", Value: ruleMap(rules)})
	if len(d.Examples) > 0 {
		ex := yaml.MapSlice{}
		for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
			var calls []string
			for _, e := range d.Examples {
				if e.Expect == a {
					calls = append(calls, e.Call)
				}
			}
			if len(calls) > 0 {
				ex = append(ex, yaml.MapItem{Key: string(a), Value: calls})
			}
		}
		fm = append(fm, yaml.MapItem{Key: personas.ExamplesField, Value: ex})
	}
	fm = append(fm, d.Passthrough...)
	y, err := yaml.MarshalWithOptions(fm, yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write the frontmatter: %w", d.Name, err)
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	b.Write(y)
	b.WriteString("---\n")
	if p := strings.TrimSpace(strings.ReplaceAll(d.Prompt, "\r\n", "\n")); p != "" {
		b.WriteString(p)
		b.WriteString("\n")
	}
	return b.Bytes(), nil
}

// ruleMap is the permissions value for rules grouped by permission: `key: action` for a lone
// `*` rule, else `key: {pattern: action, ...}`.
func ruleMap(rs engine.Ruleset) any {
	out := yaml.MapSlice{}
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j].Permission == rs[i].Permission {
			j++
		}
		if j == i+1 && rs[i].Pattern == "*" && rs[i].Reason == "" {
			out = append(out, yaml.MapItem{Key: rs[i].Permission, Value: string(rs[i].Action)})
		} else {
			m := yaml.MapSlice{}
			for _, r := range rs[i:j] {
				var v any = string(r.Action)
				if r.Reason != "" {
					// Only a persona exported by agentmgr carries reasons; pi-agent-manager
					// skips this form, which the import's report then says.
					v = yaml.MapSlice{{Key: "action", Value: string(r.Action)}, {Key: "reason", Value: r.Reason}}
				}
				m = append(m, yaml.MapItem{Key: r.Pattern, Value: v})
			}
			out = append(out, yaml.MapItem{Key: rs[i].Permission, Value: m})
		}
		i = j
	}
	return out
}

// groupRules reorders rs so that each permission's rules stand together, as a rule map needs,
// without changing any decision: a rule moves back to the earlier rules of its permission only
// across rules whose permission can never match the same key. Within a permission, a pattern
// written twice keeps its last action only where it was last written, since a map holds a key
// once; an earlier duplicate can never decide, so dropping it changes nothing.
func groupRules(rs engine.Ruleset) (engine.Ruleset, error) {
	var groups [][]engine.Rule
	for _, r := range rs {
		placed := false
		for g := len(groups) - 1; g >= 0; g-- {
			if groups[g][0].Permission == r.Permission {
				groups[g] = append(groups[g], r)
				placed = true
				break
			}
			if keysOverlap(groups[g][0].Permission, r.Permission) {
				break
			}
		}
		if !placed {
			for _, g := range groups {
				if g[0].Permission == r.Permission {
					// A wildcard permission can be spelled again with a doubled star (`**`
					// is `*`), which is a key of its own in the map; a plain name cannot.
					respelled, ok := respell(r.Permission, groups)
					if !ok {
						return nil, fmt.Errorf("the rules for %q cannot be written as one entry of a rule map without changing what they decide: a rule for %q stands between them; reorder them by hand", r.Permission, overlapping(groups, r.Permission))
					}
					r.Permission = respelled
					break
				}
			}
			groups = append(groups, []engine.Rule{r})
		}
	}
	var out engine.Ruleset
	for _, g := range groups {
		out = append(out, dedupePatterns(g)...)
	}
	return out, nil
}

// respell finds a spelling of the wildcard permission perm that no group uses yet.
func respell(perm string, groups [][]engine.Rule) (string, bool) {
	i := strings.IndexByte(perm, '*')
	if i < 0 {
		return "", false
	}
	for n := 2; n < 10; n++ {
		cand := perm[:i] + strings.Repeat("*", n) + perm[i+1:]
		used := false
		for _, g := range groups {
			used = used || g[0].Permission == cand
		}
		if !used {
			return cand, true
		}
	}
	return "", false
}

func overlapping(groups [][]engine.Rule, perm string) string {
	for g := len(groups) - 1; g >= 0; g-- {
		if groups[g][0].Permission != perm && keysOverlap(groups[g][0].Permission, perm) {
			return groups[g][0].Permission
		}
	}
	return "?"
}

// dedupePatterns keeps, for a pattern written more than once, only its last rule, where it
// stands last: an earlier rule with the same pattern never decides a call.
func dedupePatterns(g []engine.Rule) []engine.Rule {
	last := map[string]int{}
	for i, r := range g {
		last[r.Pattern] = i
	}
	var out []engine.Rule
	for i, r := range g {
		if last[r.Pattern] == i {
			out = append(out, r)
		}
	}
	return out
}

// keysOverlap reports whether two permission patterns can match the same permission key.
// Literal keys overlap only when equal; a wildcard is checked against the other when that is
// literal, and two wildcards are taken to overlap (the safe answer).
func keysOverlap(a, b string) bool {
	wa, wb := strings.ContainsAny(a, "*?"), strings.ContainsAny(b, "*?")
	switch {
	case !wa && !wb:
		return a == b
	case wa && !wb:
		return engine.CompilePattern(a, engine.PatternOptions{}).Match(b)
	case !wa && wb:
		return engine.CompilePattern(b, engine.PatternOptions{}).Match(a)
	}
	return true
}

// Persona parses rendered text with the persona reader, the only place validity is defined,
// and checks that the rules read back as the draft's (grouping aside).
func (d *Draft) Persona(path string) (*personas.Persona, []byte, error) {
	data, err := d.Render()
	if err != nil {
		return nil, nil, err
	}
	p, probs := personas.Parse(path, data, personas.ScopeGlobal)
	if p == nil {
		var msgs []string
		for _, e := range personas.Errors(probs) {
			msgs = append(msgs, e.Message)
		}
		return nil, data, fmt.Errorf("%s: the converted persona is not valid: %s", d.Name, strings.Join(msgs, "; "))
	}
	return p, data, nil
}
