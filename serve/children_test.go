package serve

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/pi"
)

func subagentLine(id int, source, input string) string {
	return `{"id":` + itoa(id) + `,"type":"decide","session":"s1","tool":"subagent","toolSource":"` + source + `","input":` + input + `}`
}

// childStep is one call of a subagent tool: the setup made before it, the call, and the
// answer it must get.
type childStep struct {
	name, setup, source, input, action, reason string
}

// checkChildAnswer checks the answer r to step s: its action, a reason holding s.reason, and
// no suggestion on an ask, since no always makes a child that runs ungated load agentmgr.
func checkChildAnswer(t *testing.T, s childStep, r map[string]any) {
	t.Helper()
	if r["action"] != s.action || !strings.Contains(str(r["reason"]), s.reason) {
		t.Fatalf("%s: %v %q; want %s with %q", s.name, r["action"], r["reason"], s.action, s.reason)
	}
	if s.action == "ask" && r["suggestions"] != nil {
		t.Errorf("%s: suggestions %v; an always cannot fix a child that runs ungated", s.name, r["suggestions"])
	}
}

func TestASubagentCallWhoseChildrenWouldRunUngatedAsks(t *testing.T) {
	f := newFixture(t)
	f.use(t, "builder") // allows everything but rm, sudo, chmod, chown
	ext := f.dirs.GlobalExtensions()
	known := "/lib/node_modules/pi-subagents/src/extension/index.ts"
	steps := []childStep{
		{"an unknown subagent extension", "", "/ext/other-subagents/index.ts", `{"agent":"worker","task":"x"}`, "ask", "a subagent extension agentmgr does not know"},
		{"pi-subagents without agentmgr installed", "", known, `{"agent":"worker","task":"x"}`, "ask", "run `agentmgr pi install`"},
		{"installed: children load it", "install", known, `{"agent":"worker","task":"x"}`, "allow", ""},
		{"management starts no child", "", "/ext/other-subagents/index.ts", `{"action":"list"}`, "allow", ""},
		{"an agent file with its own extensions", "agentfile", known, `{"tasks":[{"agent":"scout","task":"x"}]}`, "ask", "lists its own extensions"},
		{"an agent file that lists agentmgr's", "agentfile-ok", known, `{"chain":[{"agent":"scout","task":"x"}]}`, "allow", ""},
	}
	for i, s := range steps {
		switch s.setup {
		case "install":
			if _, err := pi.Install(ext, "/usr/bin/agentmgr", "test"); err != nil {
				t.Fatal(err)
			}
			if _, err := pi.GateChildren(ext); err != nil {
				t.Fatal(err)
			}
		case "agentfile":
			testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "team", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions: /x/search.ts\n---\n")
		case "agentfile-ok":
			testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "team", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions:\n  - /x/search.ts\n  - "+pi.Path(ext)+"\n---\n")
		}
		checkChildAnswer(t, s, f.one(t, subagentLine(i, s.source, s.input)))
	}
}

func TestAnAgentCallWhoseChildWouldRunUngatedAsks(t *testing.T) {
	f := newFixture(t)
	f.use(t, "builder") // a catch-all allow: the ask must hold over it
	ext := f.dirs.GlobalExtensions()
	tintinweb := "/lib/node_modules/@tintinweb/pi-subagents/src/index.ts"
	fork := "/lib/node_modules/@gotgenes/pi-subagents/src/index.ts"
	line := func(id int, source, input string) string {
		return `{"id":` + itoa(id) + `,"type":"decide","session":"s1","tool":"Agent","toolSource":"` + source + `","input":` + input + `}`
	}
	steps := []childStep{
		{"not installed: no child can load agentmgr", "", tintinweb, `{"subagent_type":"Explore","prompt":"x","description":"d"}`, "ask", "run `agentmgr pi install`"},
		{"installed: the child loads it", "install", tintinweb, `{"subagent_type":"Explore","prompt":"x","description":"d"}`, "allow", ""},
		{"the fork loads extensions alike", "", fork, `{"subagent_type":"Explore","prompt":"x","description":"d"}`, "allow", ""},
		{"isolated in the call", "", tintinweb, `{"subagent_type":"Explore","prompt":"x","description":"d","isolated":true}`, "ask", "passes `isolated: true`"},
		{"an agent file without extensions", "agentfile", fork, `{"subagent_type":"scout","prompt":"x","description":"d"}`, "ask", "sets `extensions: false`"},
		{"an Agent tool of an extension agentmgr does not know", "", "/ext/claude-agents/index.ts", `{"subagent_type":"Explore"}`, "ask", "a subagent extension agentmgr does not know"},
	}
	for i, s := range steps {
		switch s.setup {
		case "install":
			if _, err := pi.Install(ext, "/usr/bin/agentmgr", "test"); err != nil {
				t.Fatal(err)
			}
		case "agentfile":
			testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "scout.md"), "---\ndescription: Recon\nextensions: false\n---\n")
		}
		checkChildAnswer(t, s, f.one(t, line(i, s.source, s.input)))
	}
}

func TestTheAgentToolsAreDecidedByTaskOnTheSubagentType(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "delegator.md"), "---\ndescription: Delegates to reviewers only\npermissions:\n  \"*\": allow\n  task:\n    \"*\": deny\n    reviewer: allow\n---\n")
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "alone.md"), "---\ndescription: Never delegates\npermissions:\n  \"*\": allow\n  task: deny\n---\n")
	f.use(t, "delegator")
	tests := []struct {
		name, tool, input, agentType, want string
	}{
		{"Agent of an allowed type", "Agent", `{"subagent_type":"reviewer","prompt":"x","description":"d"}`, "", "allow"},
		{"Agent of another type", "Agent", `{"subagent_type":"Explore","prompt":"x","description":"d"}`, "", "deny"},
		{"the result of an allowed type's child", "get_subagent_result", `{"agent_id":"a1"}`, "reviewer", "allow"},
		{"steering another type's child", "steer_subagent", `{"agent_id":"a2","message":"go"}`, "Explore", "deny"},
		{"a child the extension knows no type of", "get_subagent_result", `{"agent_id":"zz"}`, "", "deny"},
	}
	for i, tt := range tests {
		line := `{"id":` + itoa(i) + `,"type":"decide","session":"s1","tool":"` + tt.tool + `","input":` + tt.input
		if tt.agentType != "" {
			line += `,"agentType":"` + tt.agentType + `"`
		}
		r := f.one(t, line+"}")
		if r["action"] != tt.want || r["permission"] != "task" {
			t.Errorf("%s: %v on %v %q; want %s by task", tt.name, r["action"], r["permission"], r["reason"], tt.want)
		}
	}
	f.use(t, "alone")
	r := f.one(t, `{"id":9,"type":"agent","tools":["read","subagent","Agent","get_subagent_result","steer_subagent"]}`)
	if got := strs(r["hidden"]); !slices.Equal(got, []string{"subagent", "Agent", "get_subagent_result", "steer_subagent"}) {
		t.Errorf("task: deny hides %v; want every subagent tool", got)
	}
}
