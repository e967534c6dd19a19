package engine

import "testing"

func TestRulesOverlap(t *testing.T) {
	tests := []struct {
		a, b Rule
		want bool
	}{
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "bash", Pattern: "rm -i x"}, true},
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "read", Pattern: "rm x"}, false},
		{Rule{Permission: "b*", Pattern: "rm *"}, Rule{Permission: "*h", Pattern: "*"}, true},
		{Rule{Permission: "bash", Pattern: "git"}, Rule{Permission: "bash", Pattern: "git *"}, true},
		{Rule{Permission: "bash", Pattern: "git push *"}, Rule{Permission: "bash", Pattern: "git status"}, false},
		{Rule{Permission: "read", Pattern: "a/b/*"}, Rule{Permission: "read", Pattern: `a\b\c`}, true},
		{Rule{Permission: "read", Pattern: "~/x/*"}, Rule{Permission: "read", Pattern: HomeDir() + "/x/y"}, HomeDir() != ""},
		{Rule{Permission: "read", Pattern: "**.env"}, Rule{Permission: "read", Pattern: "*.env.example"}, false},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcp", Pattern: "x"}, true},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcpx", Pattern: "x"}, false},
	}
	for _, tt := range tests {
		if got := RulesOverlap(tt.a, tt.b); got != tt.want {
			t.Errorf("RulesOverlap(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := RulesOverlap(tt.b, tt.a); got != tt.want {
			t.Errorf("RulesOverlap(%v, %v) = %v, want %v (swapped)", tt.b, tt.a, got, tt.want)
		}
	}
}

// With no home directory given, patterns and path values use the user's ($HOME): the engine's
// reading of package wildcard, whose own default is no expansion.
func TestPatternHomeDefaultsToTheUsersHome(t *testing.T) {
	t.Setenv("HOME", "/home/x")
	if !CompilePattern("~/a/*", PatternOptions{Path: true}).Match("/home/x/a/b") {
		t.Error("~/a/* does not match under $HOME")
	}
	if got := NormalizePath(`~\a`, ""); got != "/home/x/a" {
		t.Errorf("NormalizePath = %q, want /home/x/a", got)
	}
	if got := Alternatives("~", PatternOptions{}); len(got) != 2 || got[1] != "/home/x" {
		t.Errorf("Alternatives(~) = %q, want ~ and /home/x", got)
	}
}
