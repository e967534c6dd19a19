package serve

import (
	"encoding/json"
	"slices"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/pi"
)

// The tools that start children: pi-subagents' subagent, and Agent of @tintinweb/pi-subagents
// and its forks.
const (
	subagentTool = "subagent"
	agentTool    = "Agent"
)

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
// none or they all load agentmgr's extension. Each subagent extension starts its children its
// own way: pi-subagents' subagent tool, @tintinweb/pi-subagents' (and its forks') Agent tool.
func (s *Server) ungatedChildren(c decide.Call, req Request) string {
	if c.Key != "task" {
		return ""
	}
	kind := pi.KindOfSource(req.ToolSource)
	switch {
	case c.Tool == subagentTool:
		if _, action := subagentNames(req.Input); action != "" {
			return "" // management (list, status, ...) starts no child
		}
		if kind != pi.KindPiSubagents {
			return unknownSpawner(req.ToolSource)
		}
		names, _ := subagentNames(req.Input)
		return pi.ChildGating(s.dirs(c.Cwd), names)
	case c.Tool == agentTool:
		if !kind.AgentTool() {
			return unknownSpawner(req.ToolSource)
		}
		return pi.AgentSpawnGating(s.dirs(c.Cwd), c.Cwd, req.Input)
	}
	return "" // the other task tools read, wait for or steer children already started
}

// unknownSpawner is the reason a subagent tool of an extension agentmgr does not know asks.
func unknownSpawner(src string) string {
	return "the subagent tool comes from " + src + ", a subagent extension agentmgr does not know, so the children it starts may run ungated; use pi-subagents or @tintinweb/pi-subagents with `agentmgr pi install`, or answer this ask knowing that"
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
