package approvals

import "github.com/agentmgr/agentmgr/engine"

// rules builds a ruleset from permission, pattern, action triples.
func rules(triples ...string) engine.Ruleset {
	var rs engine.Ruleset
	for i := 0; i+2 < len(triples); i += 3 {
		rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2]),
			Source: engine.Source{Kind: engine.FromRequest, Line: i/3 + 1}})
	}
	return rs
}
