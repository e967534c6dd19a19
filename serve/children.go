package serve

import (
	"encoding/json"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/pi"
)

// subagentTool is pi-subagents' tool that starts children.
const subagentTool = "subagent"

// judgeParent decides a call of the main agent. A call that starts subagents whose children
// would run without agentmgr's extension (pi-subagents configured by hand, or a subagent
// extension agentmgr does not know) is at least ask, with the reason saying how to fix it:
// a context agentmgr cannot see into fails closed at the call that creates it.
func (s *Server) judgeParent(c gate.Call, req Request) gate.Judgement {
	why := s.ungatedChildren(c, req)
	if why == "" {
		return s.gate.Judge(c)
	}
	g := *s.gate
	g.Policy = func(c gate.Call) (string, *engine.Policy, error) {
		name, pol, err := s.policy(c)
		if err != nil || pol == nil {
			return name, pol, err
		}
		p := *pol
		// As a guard, so that no persona rule, session rule or yolo loosens it.
		p.Guards = append(append([]*engine.Compiled{}, pol.Guards...), engine.Compile(engine.Ruleset{{
			Permission: "*", Pattern: "*", Action: engine.Ask, Reason: why,
			Source: engine.Source{Kind: engine.FromGuard, Name: "ungated subagents"},
		}}))
		return name, &p, nil
	}
	return g.Judge(c)
}

// ungatedChildren says why the children call c starts would not be gated; "" when c starts
// none or they all load agentmgr's extension.
func (s *Server) ungatedChildren(c gate.Call, req Request) string {
	if c.Key != "task" || c.Tool != subagentTool {
		return ""
	}
	var in struct {
		Action string `json:"action"`
		Agent  string `json:"agent"`
		Tasks  []struct {
			Agent string `json:"agent"`
		} `json:"tasks"`
		Chain []struct {
			Agent string `json:"agent"`
		} `json:"chain"`
	}
	_ = json.Unmarshal(req.Input, &in) // a malformed input is decided by the rules as it is
	if in.Action != "" {
		return "" // management (list, status, ...) starts no child
	}
	if !isPiSubagents(req.ToolSource) {
		src := req.ToolSource
		if src == "" {
			src = "an unnamed extension"
		}
		return "the subagent tool comes from " + src + ", a subagent extension agentmgr does not know, so the children it starts may run ungated; use pi-subagents with `agentmgr pi install`, or answer this ask knowing that"
	}
	var names []string
	for _, n := range append([]string{in.Agent}, agentsOf(in.Tasks, in.Chain)...) {
		if n != "" {
			names = append(names, n)
		}
	}
	return pi.ChildGating(s.Dirs(c.Cwd), names)
}

func agentsOf(lists ...[]struct {
	Agent string `json:"agent"`
}) []string {
	var out []string
	for _, l := range lists {
		for _, t := range l {
			out = append(out, t.Agent)
		}
	}
	return out
}

// isPiSubagents reports whether the tool's source file belongs to the pi-subagents package.
func isPiSubagents(source string) bool {
	return strings.Contains(strings.ReplaceAll(source, "\\", "/"), "/pi-subagents/")
}
