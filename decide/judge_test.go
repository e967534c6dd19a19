package decide

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Judge decides a call alike whichever adapter read it; each row is a rule one of them used to
// apply alone.
func TestJudgeDecidesEveryCallAlike(t *testing.T) {
	t.Parallel()
	d, cat := fixture(t, map[string]string{"cleaner": cleanerMD, "loose": looseMD, "strict": strictMD})
	tests := []struct {
		name    string
		persona string
		call    Call
		want    engine.Action
		reason  string
	}{
		{"an unknown tool by the catch-all asks where bash is restricted", "cleaner", ToolCall("my_custom_tool", "x", true), engine.Ask, "does not know"},
		{"an unknown tool by the catch-all is allowed where nothing is restricted", "loose", ToolCall("my_custom_tool", "x", true), engine.Allow, ""},
		{"a known tool is decided as written", "cleaner", ToolCall("read", "a.go", true), engine.Allow, ""},
		{"a shell call without a command asks", "loose", ToolCall("bash", "", false), engine.Ask, "no command"},
		{"an empty command given is the empty command", "loose", ToolCall("bash", "", true), engine.Allow, ""},
		{"a path tool without a path asks", "loose", ToolCall("read", "", true), engine.Ask, "no path"},
		{"several values: the strictest stands", "cleaner", Call{Key: "bash", Value: "ls", Also: []string{"rm -rf x"}}, engine.Deny, ""},
		{"a carried command is decided as bash", "cleaner", Call{Tool: "mcp__x__run", Key: "mcp__x__run", HasCommand: true, Command: "rm x"}, engine.Deny, ""},
		{"written paths and fetched URLs are decided as edit and webfetch", "strict", Call{Tool: "t", Key: "t", Writes: []string{"a"}, URLs: []string{"https://x"}}, engine.Deny, ""},
		{"an opaque call asks", "loose", Call{Key: "task", Value: "x", Opaque: "a script"}, engine.Ask, "a script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _, err := Resolve(cat, personas.State{}, Who{Named: tt.persona})
			if err != nil {
				t.Fatal(err)
			}
			pol, _, err := Policy(d, r, "")
			if err != nil {
				t.Fatal(err)
			}
			got := Judge(pol, tt.call)
			if got.Action != tt.want || !strings.Contains(got.Reason, tt.reason) {
				t.Errorf("Judge(%+v) = %s (%q), want %s with %q", tt.call, got.Action, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

// For returns every problem found on the way: a broken state file is reported, not dropped,
// and the default persona decides.
func TestForReportsTheStateFile(t *testing.T) {
	t.Parallel()
	d, cat := fixture(t, map[string]string{"loose": looseMD})
	if err := os.MkdirAll(filepath.Dir(d.StateFile()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(d.StateFile(), []byte("{\"active\": "), 0o644); err != nil {
		t.Fatal(err)
	}
	r, pol, probs, err := For(d, cat, Who{}, "")
	if err != nil || pol == nil {
		t.Fatalf("For = %v, %v", pol, err)
	}
	if r.Session.Name != "planner" {
		t.Errorf("session persona = %s, want the default", r.Session.Name)
	}
	found := false
	for _, p := range probs {
		found = found || p.File == d.StateFile()
	}
	if !found {
		t.Errorf("the broken state file was not reported: %v", probs)
	}
	if _, _, _, err := For(d, cat, Who{Named: "ghost"}, ""); err == nil {
		t.Error("an unknown persona was resolved")
	}
}
