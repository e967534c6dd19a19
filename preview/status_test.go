package preview

import (
	"slices"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestStatus(t *testing.T) {
	t.Parallel()
	planner := rules("*", "*", "deny", "read", "*", "allow", "grep", "*", "allow", "webfetch", "*", "allow")
	builder := rules("*", "*", "allow", "bash", "rm *", "ask", "bash", "sudo *", "ask", "webfetch", "*", "deny")
	tests := []struct {
		name     string
		persona  engine.Ruleset
		guards   []engine.Ruleset
		yolo     bool
		tool     string
		want     Kind
		rule     int // 1-based persona row of Status.Rule; 0 for none
		outcomes []string
	}{
		{name: "planner reads", persona: planner, tool: "hash_read", want: KindAllow, rule: 2,
			outcomes: []string{`allow@p2:""`}},
		{name: "planner has no shell", persona: planner, tool: "bash", want: KindHidden, rule: 1},
		{name: "builder shell depends on the command", persona: builder, tool: "bash", want: KindDepends, rule: 1,
			outcomes: []string{`allow@p1:""`, `ask@p2:"rm"`, `ask@p3:"sudo"`}},
		{name: "builder edits", persona: builder, tool: "write", want: KindAllow, rule: 1, outcomes: []string{`allow@p1:""`}},
		{name: "builder web is hidden", persona: builder, tool: "webfetch", want: KindHidden, rule: 4},
		{name: "no rule asks by default", persona: rules("read", "*", "allow"), tool: "ctx_stats", want: KindAsk,
			outcomes: []string{`ask@default:""`}},
		{name: "one pattern leaves the rest to the default", persona: rules("bash", "git *", "allow"), tool: "bash",
			want: KindDepends, outcomes: []string{`allow@p1:"git"`, `ask@default:""`}},
		{name: "a later wider rule shadows a narrower one", persona: rules("*", "*", "allow", "bash", "git push *", "deny", "bash", "git *", "allow"),
			tool: "bash", want: KindAllow, rule: 1, outcomes: []string{`allow@p1:""`, `allow@p3:"git"`}},
		{name: "a pattern that matches everything without being * denies without hiding",
			persona: rules("bash", "ls", "allow", "bash", "* *", "deny"), tool: "bash", want: KindDeny, rule: 2,
			outcomes: []string{`deny@p2:""`}},
		{name: "a guard makes a tool depend on the path", persona: planner, tool: "read",
			guards: []engine.Ruleset{guardRules("read", "*.env", "deny")}, want: KindDepends, rule: 2,
			outcomes: []string{`allow@p2:""`, `deny@g1:".env"`}},
		{name: "a guard file that denies * hides", persona: builder, tool: "write",
			guards: []engine.Ruleset{guardRules("edit", "*", "deny")}, want: KindHidden},
		{name: "home in a path pattern is expanded, never example", persona: rules("*", "*", "allow", "read", "~/.ssh/*", "deny"),
			tool: "read", want: KindDepends, rule: 1, outcomes: []string{`allow@p1:""`, `deny@p2:"/home/u/.ssh/"`}},
		{name: "a backslash path pattern reads as slashes", persona: rules("*", "*", "allow", "edit", `secret\*`, "deny"),
			tool: "edit", want: KindDepends, rule: 1, outcomes: []string{`allow@p1:""`, `deny@p2:"secret/"`}},
		{name: "question mark needs one character", persona: rules("bash", "*", "deny", "bash", "?", "allow"),
			tool: "bash", want: KindDepends, rule: 1, outcomes: []string{`deny@p1:""`, `allow@p2:"x"`}},
		{name: "the optional tail is a class of its own", persona: rules("bash", "git *", "deny", "bash", "git ?*", "allow", "bash", "git ", "allow"),
			tool: "bash", want: KindDepends, outcomes: []string{`deny@p1:"git"`, `allow@p2:"git x"`, `allow@p3:"git "`, `ask@default:""`}},
		{name: "yolo turns ask into allow", persona: rules("*", "*", "ask"), yolo: true, tool: "bash", want: KindAllow, rule: 1},
		{name: "wildcard permission covers the key", persona: rules("*", "*", "deny", "ctx_*", "*", "allow", "ctx_execute", "*", "deny"),
			tool: "ctx_search", want: KindAllow, rule: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewEvaluator(tt.persona, nil, tt.guards, Options{Home: testHome, Yolo: tt.yolo})
			st := e.Status(tt.tool)
			if st.Kind != tt.want {
				t.Errorf("Status(%q) kind = %s, want %s (outcomes %q)", tt.tool, st.Kind, tt.want, outcomeText(st.Outcomes))
			}
			if tt.guards == nil || tt.rule != 0 {
				got := 0
				if st.Rule != nil && st.Rule.Layer == LayerPersona {
					got = st.Rule.Row()
				}
				if got != tt.rule {
					t.Errorf("Status(%q) rule row = %d, want %d", tt.tool, got, tt.rule)
				}
			}
			if tt.outcomes != nil && !slices.Equal(outcomeText(st.Outcomes), tt.outcomes) {
				t.Errorf("Status(%q) outcomes = %q, want %q", tt.tool, outcomeText(st.Outcomes), tt.outcomes)
			}
			if c := e.Cell(tt.tool); c.Kind != st.Kind {
				t.Errorf("Cell(%q) = %s, Status says %s", tt.tool, c.Kind, st.Kind)
			}
		})
	}
}

func TestCellBeforeStatusStillListsEveryOutcome(t *testing.T) {
	t.Parallel()
	e := NewEvaluator(rules("*", "*", "allow", "bash", "rm *", "ask", "bash", "sudo *", "deny"), nil, nil, Options{Home: testHome})
	if c := e.Cell("bash"); c.Kind != KindDepends {
		t.Fatalf("Cell(bash) = %s, want depends", c.Kind)
	}
	want := []string{`allow@p1:""`, `ask@p2:"rm"`, `deny@p3:"sudo"`}
	if got := outcomeText(e.Status("bash").Outcomes); !slices.Equal(got, want) {
		t.Errorf("Status(bash) after Cell: outcomes %q, want %q", got, want)
	}
}
