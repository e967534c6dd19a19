package preview

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
)

// rules builds a ruleset from triples permission, pattern, action; each rule's source is the
// test file line i+1, so that rules are told apart like rules of a real file.
func rules(triples ...string) engine.Ruleset {
	if len(triples)%3 != 0 {
		panic("rules: want permission, pattern, action triples")
	}
	var rs engine.Ruleset
	for i := 0; i < len(triples); i += 3 {
		rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2]),
			Source: engine.Source{Kind: engine.FromFile, Name: "test.md", Line: i/3 + 2}})
	}
	return rs
}

// guardRules is rules with the sources of a guards file.
func guardRules(triples ...string) engine.Ruleset {
	rs := rules(triples...)
	for i := range rs {
		rs[i].Source = engine.Source{Kind: engine.FromGuard, Name: "guards.yaml", Line: i + 1}
	}
	return rs
}

// outcomeText renders outcomes as "action@row:example" for compact comparisons.
func outcomeText(outs []Outcome) []string {
	var out []string
	for _, o := range outs {
		out = append(out, fmt.Sprintf("%s@%s:%q", o.Action, ruleText(o.Rule), o.Example))
	}
	return out
}

// ruleText names the rule r as its layer's initial and its row ("p3", "g1"), or "default"
// when no rule matched.
func ruleText(r *RuleRef) string {
	if r == nil {
		return "default"
	}
	return fmt.Sprintf("%s%d", r.Layer.String()[:1], r.Row())
}

const testHome = "/home/u"
