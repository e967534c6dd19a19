package logfeed

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

func TestProposeARuleFromALoggedCall(t *testing.T) {
	tests := []struct {
		name string
		e    reviewlog.Entry
		want Proposal
	}{
		{"an asked command is allowed by its arity pattern", reviewlog.Entry{Agent: "rev", Tool: "Bash", Permission: "bash", Values: []string{"npm test --coverage"}, Action: "ask"},
			Proposal{Persona: "rev", Permission: "bash", Pattern: "npm test *", Action: engine.Allow}},
		{"a destructive command is itself", reviewlog.Entry{Agent: "rev", Permission: "bash", Values: []string{"rm -r build"}, Action: "ask"},
			Proposal{Persona: "rev", Permission: "bash", Pattern: "rm -r build", Action: engine.Allow}},
		{"a denied edit is denied in its folder", reviewlog.Entry{Agent: "rev", Permission: "edit", Values: []string{"secrets/token.txt"}, Action: "deny"},
			Proposal{Persona: "rev", Permission: "edit", Pattern: "secrets/*", Action: engine.Deny}},
		{"another tool by its key", reviewlog.Entry{Agent: "rev", Permission: "mcp__github__create_issue", Action: "ask"},
			Proposal{Persona: "rev", Permission: "mcp__github__create_issue", Pattern: "*", Action: engine.Allow}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Propose(tt.e)
			if !ok || got.Persona != tt.want.Persona || got.Permission != tt.want.Permission || got.Pattern != tt.want.Pattern || got.Action != tt.want.Action {
				t.Errorf("Propose = %+v (%v), want %+v", got, ok, tt.want)
			}
		})
	}
	if _, ok := Propose(reviewlog.Entry{Permission: "bash"}); ok {
		t.Error("a rule was proposed for an entry with no persona")
	}
}

func TestProposalPreviewsItsDecision(t *testing.T) {
	p, _ := Propose(reviewlog.Entry{Agent: "rev", Permission: "bash", Values: []string{"git push origin main"}, Action: "ask"})
	rules := engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Ask}}
	before, after := p.Decide(rules, "/home/u")
	if before.Action != engine.Ask || after.Action != engine.Allow {
		t.Errorf("preview: %s then %s; want ask then allow", before.Action, after.Action)
	}
	if len(rules) != 1 {
		t.Error("the preview changed the persona's rules")
	}
}
