package convert

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// compareDecisions decides every probe both ways and reports, per permission and pair of
// actions (a call shape), the calls that the target decides differently from the persona,
// with up to four examples.
func compareDecisions(probes []Probe, ours, theirs func(Probe) engine.Action, label, why string, rep *Report) {
	type shape struct {
		tool     string
		from, to engine.Action
	}
	var order []shape
	examples := map[shape][]string{}
	for _, p := range probes {
		a, b := ours(p), theirs(p)
		if a == b {
			continue
		}
		s := shape{shapeKey(p.Tool), a, b}
		if _, ok := examples[s]; !ok {
			order = append(order, s)
		}
		examples[s] = append(examples[s], fmt.Sprintf("%q", p.Value))
	}
	for _, s := range order {
		ex := examples[s]
		more := ""
		if len(ex) > 4 {
			more = fmt.Sprintf(" and %d more", len(ex)-4)
			ex = ex[:4]
		}
		rep.change(fmt.Sprintf("%s: %s %s%s", label, s.tool, strings.Join(ex, ", "), more), string(s.from), string(s.to), why)
	}
}

// shapeKey is the permission a probe's call shape is reported under; MCP tools, which
// probes can only sample, are reported together.
func shapeKey(tool string) string {
	if strings.HasPrefix(tool, "mcp__") {
		return "mcp__*"
	}
	return claudeKey(tool)
}
