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
		// Whose home `~` is the rules do not say: under some home they meet.
		{Rule{Permission: "read", Pattern: "~/x/*"}, Rule{Permission: "read", Pattern: "/home/someone/x/y"}, true},
		{Rule{Permission: "read", Pattern: "$HOME/x/*"}, Rule{Permission: "read", Pattern: "/srv/x/y"}, true},
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

// The engine never reads the environment: with no home directory given, `~` and `$HOME` are
// left as written, whatever $HOME says, and the caller passes the home it found.
func TestPatternWithoutAHomeReadsNoEnvironment(t *testing.T) {
	t.Setenv("HOME", "/home/x")
	if CompilePattern("~/a/*", PatternOptions{Path: true}).Match("/home/x/a/b") {
		t.Error("~/a/* matched under $HOME with no home given")
	}
	if !CompilePattern("~/a/*", PatternOptions{Path: true, Home: "/home/y"}).Match("/home/y/a/b") {
		t.Error("~/a/* does not match under the home given")
	}
	if got := NormalizePath(`~\a`, ""); got != "~/a" {
		t.Errorf("NormalizePath = %q, want ~/a", got)
	}
	if got := Alternatives("~", PatternOptions{}); len(got) != 1 {
		t.Errorf("Alternatives(~) = %q, want ~ alone", got)
	}
}
