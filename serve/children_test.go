package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/pi"
)

func subagentLine(id int, source, input string) string {
	return `{"id":` + itoa(id) + `,"type":"decide","session":"s1","tool":"subagent","toolSource":"` + source + `","input":` + input + `}`
}

func TestASubagentCallWhoseChildrenWouldRunUngatedAsks(t *testing.T) {
	f := newFixture(t)
	f.use(t, "builder") // allows everything but rm, sudo, chmod, chown
	ext := f.dirs.GlobalExtensions()
	known := "/lib/node_modules/pi-subagents/src/extension/index.ts"
	steps := []struct {
		name, setup, source, input, action, reason string
	}{
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
			mustWrite(t, filepath.Join(f.dirs.Agent, "agents", "team", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions: /x/search.ts\n---\n")
		case "agentfile-ok":
			mustWrite(t, filepath.Join(f.dirs.Agent, "agents", "team", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions:\n  - /x/search.ts\n  - "+pi.Path(ext)+"\n---\n")
		}
		r := f.one(t, subagentLine(i, s.source, s.input))
		if r["action"] != s.action || !strings.Contains(str(r["reason"]), s.reason) {
			t.Fatalf("%s: %v %q; want %s with %q", s.name, r["action"], r["reason"], s.action, s.reason)
		}
		if s.action == "ask" && r["suggestions"] != nil {
			t.Errorf("%s: suggestions %v; an always cannot fix ungated children", s.name, r["suggestions"])
		}
	}
}

func TestASubagentCallIsDecidedOnTheSubagentsNames(t *testing.T) {
	f := newFixture(t)
	mustWrite(t, filepath.Join(f.dirs.Agent, "agents", "lead.md"), "---\ndescription: Delegates to reviewers only\npermissions:\n  \"*\": allow\n  task:\n    \"*\": ask\n    reviewer: allow\n---\n")
	f.use(t, "lead")
	ext := f.dirs.GlobalExtensions()
	if _, err := pi.Install(ext, "/usr/bin/agentmgr", "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := pi.GateChildren(ext); err != nil {
		t.Fatal(err)
	}
	src := "/lib/node_modules/pi-subagents/index.ts"
	tests := []struct{ input, action, value string }{
		{`{"agent":"reviewer","task":"x"}`, "allow", "reviewer"},
		{`{"agent":"worker","task":"x"}`, "ask", "worker"},
		{`{"tasks":[{"agent":"reviewer","task":"x"},{"agent":"worker","task":"y"}]}`, "ask", "reviewer"}, // the reason names worker,
		{`{"chain":[{"agent":"reviewer","task":"x"},{"agent":"reviewer","task":"y"}]}`, "allow", "reviewer"},
		{`{"workflow":"acme.check","args":{}}`, "ask", ""},
	}
	for i, tt := range tests {
		r := f.one(t, subagentLine(i, src, tt.input))
		if r["action"] != tt.action || r["value"] != tt.value {
			t.Errorf("%s: %v on %q (%v); want %s on %q", tt.input, r["action"], r["value"], r["reason"], tt.action, tt.value)
		}
	}
}
