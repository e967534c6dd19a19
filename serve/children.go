package serve

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/pi"
)

// subagentTool is pi-subagents' tool that starts children.
const subagentTool = "subagent"

// judgeParent decides a call of the main agent. A call that starts subagents whose children
// would run without agentmgr's extension (pi-subagents configured by hand, or a subagent
// extension agentmgr does not know) is at least ask, with the reason saying how to fix it:
// a context agentmgr cannot see into fails closed at the call that creates it.
func (s *Server) judgeParent(c decide.Call, req Request) (decide.Judgement, []personas.Problem) {
	why := ""
	if req.Runtime == "" && req.ToolSource != "" {
		// Only agentmgr's pi extension says where a tool comes from; a client that does not
		// (an older extension, a script) gets the rules' answer alone.
		why = s.ungatedChildren(c, req)
	}
	if why == "" {
		return s.judge(c, req.Chain)
	}
	var probs []personas.Problem
	j := s.decider.Judge(c, func(c decide.Call) (string, *engine.Policy, error) {
		name, pol, found, err := s.resolve(c, req.Chain)
		probs = found
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
	})
	return j, probs
}

// ungatedChildren says why the children call c starts would not be gated; "" when c starts
// none or they all load agentmgr's extension.
func (s *Server) ungatedChildren(c decide.Call, req Request) string {
	if c.Key != "task" || c.Tool != subagentTool {
		return ""
	}
	names, action := subagentNames(req.Input)
	if action != "" {
		return "" // management (list, status, ...) starts no child
	}
	if !isPiSubagents(req.ToolSource) {
		src := req.ToolSource
		return "the subagent tool comes from " + src + ", a subagent extension agentmgr does not know, so the children it starts may run ungated; use pi-subagents with `agentmgr pi install`, or answer this ask knowing that"
	}
	return pi.ChildGating(s.dirs(c.Cwd), names)
}

// subagentNames are the agents a call of pi-subagents' subagent tool starts, in order (a
// single agent, parallel tasks, a chain), and its management action ("" when it starts
// children). A malformed input names none; the rules decide it as it is.
func subagentNames(input json.RawMessage) (names []string, action string) {
	type step struct {
		Agent string `json:"agent"`
	}
	var in struct {
		Action string `json:"action"`
		Agent  string `json:"agent"`
		Tasks  []step `json:"tasks"`
		Chain  []step `json:"chain"`
	}
	_ = json.Unmarshal(input, &in)
	all := []string{in.Agent}
	for _, t := range append(in.Tasks, in.Chain...) {
		all = append(all, t.Agent)
	}
	for _, n := range all {
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names, in.Action
}

// isPiSubagents reports whether the tool's source file belongs to the pi-subagents package.
func isPiSubagents(source string) bool {
	return strings.Contains(strings.ReplaceAll(source, "\\", "/"), "/pi-subagents/")
}
