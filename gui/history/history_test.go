package history

import (
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/reviewlog"
)

func entry(min int, agent, sub, event, action, tool string) reviewlog.Entry {
	return reviewlog.Entry{Time: time.Date(2026, 1, 1, 10, min, 0, 0, time.UTC), Agent: agent, Subagent: sub,
		Event: event, Action: action, Tool: tool, Values: []string{tool + " value"},
		Rule: &reviewlog.Rule{Permission: "bash", Pattern: "*", Action: action}}
}

func TestSummarizeCountsThePersonasDecisionsAndKeepsTheLatestAsksAndDenials(t *testing.T) {
	es := []reviewlog.Entry{
		entry(1, "builder", "", reviewlog.EventDecision, "allow", "read"),
		entry(2, "builder", "", reviewlog.EventDecision, "deny", "bash"),
		entry(3, "planner", "", reviewlog.EventDecision, "deny", "edit"),
		entry(4, "planner", "builder", reviewlog.EventDecision, "ask", "webfetch"),
		entry(5, "builder", "", reviewlog.EventReply, "deny", "bash"),
		entry(6, "builder", "", reviewlog.EventDecision, "ask", "edit"),
	}
	tests := []struct {
		name             string
		agent            string
		limit            int
		allow, ask, deny int
		latest           []string
	}{
		{"counts own and subagent calls, not replies", "builder", 10, 1, 2, 1, []string{"edit", "webfetch", "bash"}},
		{"latest is bounded, newest first", "builder", 2, 1, 2, 1, []string{"edit", "webfetch"}},
		{"another persona's calls do not count", "planner", 10, 0, 1, 1, []string{"webfetch", "edit"}},
		{"no calls", "scout", 10, 0, 0, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Summarize(es, tt.agent, tt.limit)
			if s.Allow != tt.allow || s.Ask != tt.ask || s.Deny != tt.deny {
				t.Errorf("counts = %d/%d/%d; want %d/%d/%d", s.Allow, s.Ask, s.Deny, tt.allow, tt.ask, tt.deny)
			}
			var tools []string
			for _, it := range s.Latest {
				tools = append(tools, it.Tool)
			}
			if len(tools) != len(tt.latest) {
				t.Fatalf("latest = %v; want %v", tools, tt.latest)
			}
			for i := range tools {
				if tools[i] != tt.latest[i] {
					t.Fatalf("latest = %v; want %v", tools, tt.latest)
				}
			}
		})
	}
	if it := Summarize(es, "builder", 1).Latest[0]; it.Rule != "bash * ask" || it.Value != "edit value" {
		t.Errorf("item = %+v; want its rule and value", it)
	}
}
