package engine

import (
	"slices"
	"testing"
)

func TestHiddenKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Ruleset
		key   string
		want  bool
	}{
		{"no rule: not hidden", nil, "bash", false},
		{"catch-all deny hides", rules("*", "*", "deny"), "bash", true},
		{"later allow unhides", rules("*", "*", "deny", "read", "*", "allow"), "read", false},
		{"partial allow keeps tool", rules("*", "*", "deny", "bash", "git *", "allow"), "bash", false},
		{"every matching rule denies", rules("bash", "rm *", "deny", "bash", "sudo *", "deny"), "bash", true},
		{"ask never hides", rules("bash", "*", "ask"), "bash", false},
		{"last star deny after allows", rules("bash", "*", "allow", "bash", "*", "deny"), "bash", true},
		{"double star is star", rules("bash", "**", "deny"), "bash", true},
		{"other key untouched", rules("bash", "*", "deny"), "read", false},
		{"wildcard key", rules("ctx_*", "*", "deny"), "ctx_execute", true},
		{"key optional tail", rules("todo *", "*", "deny"), "todo", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Compile(tt.rules).HiddenKey(tt.key); got != tt.want {
				t.Errorf("HiddenKey(%q) over %v = %v, want %v", tt.key, tt.rules, got, tt.want)
			}
		})
	}
}

func TestSplitTools(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("*", "*", "deny", "read", "*", "allow", "bash", "ls *", "allow"))}
	hidden, active := p.SplitTools([]string{"read", "write", "bash", "hash_read", "custom"})
	if !slices.Equal(hidden, []string{"write", "custom"}) || !slices.Equal(active, []string{"read", "bash", "hash_read"}) {
		t.Errorf("SplitTools = hidden %v active %v", hidden, active)
	}
	p.Guards = []*Compiled{Compile(rules("bash", "*", "deny"))}
	if !p.Hidden("bash") {
		t.Errorf("a guard that denies bash outright should hide it")
	}
}

func TestMode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Ruleset
		want  Mode
	}{
		{"catch-all deny is plan", rules("*", "*", "deny", "read", "*", "allow"), ModePlan},
		{"allow without ask is bypass", rules("*", "*", "allow", "bash", "rm *", "deny"), ModeBypass},
		{"allow with ask is accept edits", rules("*", "*", "allow", "bash", "rm *", "ask"), ModeAcceptEdits},
		{"no catch-all is default", rules("read", "*", "allow"), ModeDefault},
		{"catch-all ask is default", rules("*", "*", "ask"), ModeDefault},
	}
	for _, tt := range tests {
		if got := Compile(tt.rules).Mode(); got != tt.want {
			t.Errorf("%s: Mode() = %s, want %s", tt.name, got, tt.want)
		}
	}
}
