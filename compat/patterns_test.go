package compat

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

func TestPatternRulesWarnThatTheAMDoesNotApplyThemUnderPi16(t *testing.T) {
	tests := []struct {
		name, file string
		warns      bool
		line       int
	}{
		{"a pattern rule", "---\ndescription: x\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": ask\n---\n", true, 6},
		{"key-level rules only", "---\ndescription: x\npermissions:\n  \"*\": allow\n  bash: deny\n---\n", false, 0},
		{"a preset", "---\ndescription: x\npermissions: build\n---\n", false, 0},
	}
	for _, tt := range tests {
		p, probs := personas.Parse("/a/agents/x.md", []byte(tt.file), personas.ScopeGlobal)
		if p == nil {
			t.Fatalf("%s: %v", tt.name, probs)
		}
		d, ok := PatternRules(p)
		if ok != tt.warns {
			t.Fatalf("%s: warns %v (%+v), want %v", tt.name, ok, d, tt.warns)
		}
		if ok && (d.Line != tt.line || !strings.Contains(d.Message, "event.input") || !strings.Contains(d.Message, `"rm *" ask`) || !strings.Contains(d.Fix, "agentmgr pi install")) {
			t.Errorf("%s: %+v; want line %d, the cause, the rule and the fix", tt.name, d, tt.line)
		}
	}
}
