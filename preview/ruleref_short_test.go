package preview

import (
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestRuleRefShortSource(t *testing.T) {
	t.Parallel()
	root := filepath.FromSlash("/home/u")
	agent := filepath.Join(root, ".pi", "agent")
	project := filepath.Join(root, "src", "shop")
	bases := []string{agent, project}
	tests := []struct {
		name string
		src  engine.Source
		want string
	}{
		{"a global persona", engine.Source{Kind: engine.FromFile, Name: filepath.Join(agent, "agents", "reviewer.md"), Line: 12}, filepath.FromSlash("agents/reviewer.md:12")},
		{"a project persona", engine.Source{Kind: engine.FromFile, Name: filepath.Join(project, ".pi", "agents", "x.md"), Line: 3}, filepath.FromSlash(".pi/agents/x.md:3")},
		{"a guards file", engine.Source{Kind: engine.FromGuard, Name: filepath.Join(agent, "agent-manager", "guards.yaml"), Line: 2}, "guard " + filepath.FromSlash("agent-manager/guards.yaml:2")},
		{"a file elsewhere stays whole", engine.Source{Kind: engine.FromFile, Name: filepath.Join(root, "other", "a.md"), Line: 1}, filepath.Join(root, "other", "a.md") + ":1"},
		{"a sibling whose name starts like a base", engine.Source{Kind: engine.FromFile, Name: filepath.Join(root, ".pi", "agent2", "a.md"), Line: 1}, filepath.Join(root, ".pi", "agent2", "a.md") + ":1"},
		{"a built-in", engine.Source{Kind: engine.FromBuiltin, Name: "planner", Line: 4}, "builtin:planner line 4"},
		{"a session", engine.Source{Kind: engine.FromSession, Name: "s1"}, "session"},
	}
	for _, tt := range tests {
		r := RuleRef{Rule: engine.Rule{Source: tt.src}}
		if got := r.ShortSource(bases...); got != tt.want {
			t.Errorf("%s: ShortSource = %q, want %q", tt.name, got, tt.want)
		}
	}
	r := RuleRef{Rule: engine.Rule{Source: engine.Source{Kind: engine.FromFile, Name: filepath.Join(agent, "agents", "a.md"), Line: 1}}}
	if got, want := r.ShortSource(), r.Source(); got != want {
		t.Errorf("with no bases ShortSource = %q, want the whole %q", got, want)
	}
}
