package engine

import "testing"

func TestToolsAreKeysOfTheirOwnWhenTheRulesTellThemApart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rules  Ruleset
		guards Ruleset
		tool   string
		want   Action
	}{
		{"write apart from edit", rules("*", "*", "ask", "edit", "*", "allow", "write", "*", "deny"), nil, "write", Deny},
		{"edit is left to its own rules", rules("*", "*", "ask", "edit", "*", "allow", "write", "*", "deny"), nil, "edit", Allow},
		{"a write rule alone decides nothing", rules("write", "*", "deny"), nil, "write", Ask},
		{"an edit rule governs write as before", rules("edit", "*", "deny"), nil, "write", Deny},
		{"find apart from glob", rules("glob", "*", "deny", "find", "*", "allow"), nil, "find", Allow},
		{"a guard's edit deny holds for write", rules("edit", "*", "ask", "write", "*", "allow"), rules("edit", "*", "deny"), "write", Deny},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPolicy(tc.rules)
			if tc.guards != nil {
				p.Guards = []*Compiled{Compile(tc.guards)}
			}
			if d := p.DecideTool(tc.tool, "a.txt"); d.Action != tc.want {
				t.Errorf("%s = %s (%s), want %s", tc.tool, d.Action, d.Reason, tc.want)
			}
		})
	}
}

func TestMCPCallsAreDecidedOnTheirFirstNamedTarget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		rules   Ruleset
		targets []string
		claude  string
		want    Action
	}{
		{"the first target a rule names decides", rules("mcp", "*", "ask", "mcp", "exa:*", "allow"),
			[]string{"exa_search", "exa:search", "exa", "search", "exa:search", "mcp_call", "mcp"}, "mcp__exa__search", Ask},
		{"a server rule decides when no catch-all", rules("*", "*", "ask", "mcp", "exa", "allow"),
			[]string{"exa_search", "exa:search", "exa", "search", "mcp_call", "mcp"}, "", Allow},
		{"no mcp rule: the catch-alls decide", rules("*", "*", "allow"), []string{"mcp_status", "mcp"}, "", Allow},
		{"a Claude Code name's deny holds", rules("mcp", "*", "allow", "mcp__exa__*", "*", "deny"),
			[]string{"exa_search", "mcp"}, "mcp__exa__search", Deny},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := NewPolicy(tc.rules).DecideMCP(tc.targets, tc.claude); d.Action != tc.want {
				t.Errorf("%v = %s, want %s", tc.targets, d.Action, tc.want)
			}
		})
	}
}
