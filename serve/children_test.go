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
