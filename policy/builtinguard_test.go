package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
)

// TestBuiltinGuard: agentmgr's files (found from the locations, wherever the agent dir is) and
// its commands that change rules, state or trust ask under an allow-all persona, with yolo on
// and a session that allows everything; the read-only forms and other files stay allowed; no
// always is suggested for what the guard asks.
func TestBuiltinGuard(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	d := locations.Dirs{Agent: filepath.Join(root, "elsewhere", "agent"), Project: filepath.Join(home, "proj", ".pi"), Home: home}
	d = dirsWith(t, d, `{"yolo": true}`)
	if _, err := sessions.Open(d).Put("s1", engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
	}, 0, approvals.OperatorAuthority); err != nil {
		t.Fatal(err)
	}
	open := &personas.Persona{Name: "open", Rules: engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}}
	pol, _, err := For(d, open, "s1")
	if err != nil {
		t.Fatal(err)
	}
	at := At(pol, filepath.Join(home, "proj", "src"))
	slash := filepath.ToSlash
	tests := []struct {
		name, tool, value string
		want              engine.Action
	}{
		{"a global persona", "write", slash(d.GlobalAgents()) + "/builder.md", engine.Ask},
		{"the state file", "edit", slash(d.StateFile()), engine.Ask},
		{"the guards file", "write", slash(d.GlobalGuards()), engine.Ask},
		{"a session file", "write", slash(d.SessionsDir()) + "/s1.json", engine.Ask},
		{"the review log", "write", slash(d.ReviewLog()), engine.Ask},
		{"the legacy persona list", "write", slash(d.LegacyFile()), engine.Ask},
		{"agentmgr's pi extension", "write", slash(d.GlobalExtensions()) + "/agentmgr/index.ts", engine.Ask},
		{"the agent dir itself", "delete_file", slash(d.Agent), engine.Ask},
		{"the project's personas, relative", "write", "../.pi/agents/builder.md", engine.Ask},
		{"the project's guards, absolute", "write", slash(d.ProjectGuards()), engine.Ask},
		{"a .pi folder made in a subfolder", "write", "sub/.pi/agents/x.md", engine.Ask},
		{"a .pi folder's own guards elsewhere", "edit", "/srv/other/.pi/agent-manager/guards.yaml", engine.Ask},
		{"a redirection into the state file", "bash", "echo '{\"yolo\":true}' > " + slash(d.StateFile()), engine.Ask},
		{"yolo on", "bash", "agentmgr yolo on", engine.Ask},
		{"yolo off", "bash", "agentmgr yolo off", engine.Ask},
		{"switching persona", "bash", "agentmgr use builder", engine.Ask},
		{"cycling persona", "bash", "agentmgr use --next", engine.Ask},
		{"a session rule", "bash", "agentmgr session allow S bash '*'", engine.Ask},
		{"a session flag before the verb", "bash", "agentmgr session --reason show allow S bash x", engine.Ask},
		{"a rule", "bash", "agentmgr rule builder add bash '*' allow", engine.Ask},
		{"windows' name", "bash", "agentmgr.exe yolo on", engine.Ask},
		{"through a wrapper", "bash", "env FOO=1 nice agentmgr set builder permissions build", engine.Ask},
		{"uninstalling the extension", "bash", "agentmgr pi uninstall", engine.Ask},
		{"the server that carries replies", "bash", "agentmgr serve --stdio", engine.Ask},
		{"listing personas", "bash", "agentmgr list --json", engine.Allow},
		{"checking a call", "bash", "agentmgr check bash ls", engine.Allow},
		{"showing yolo", "bash", "agentmgr yolo", engine.Allow},
		{"showing the active persona", "bash", "agentmgr use --json", engine.Allow},
		{"showing a session", "bash", "agentmgr session show s1", engine.Allow},
		{"the extension's status", "bash", "agentmgr pi status --json", engine.Allow},
		{"the trash", "bash", "agentmgr restore", engine.Allow},
		{"trusting a project", "bash", "agentmgr trust .", engine.Ask},
		{"the trust's status", "bash", "agentmgr trust --status", engine.Allow},
		{"what changed since the trust", "bash", "agentmgr trust --diff", engine.Allow},
		{"a copy a trust kept", "write", slash(d.TrustCopies()) + "/0123", engine.Ask},
		{"a source file", "write", "main.go", engine.Allow},
		{"pi's settings of the project", "write", "../.pi/settings.json", engine.Allow},
		{"reading a persona", "read", slash(d.GlobalAgents()) + "/builder.md", engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := at.DecideTool(tt.tool, tt.value)
			if d.Action != tt.want {
				t.Fatalf("%s %q = %s (%s), want %s", tt.tool, tt.value, d.Action, d.Explain(), tt.want)
			}
			if tt.want != engine.Ask {
				return
			}
			if !strings.Contains(d.Explain(), "builtin guard") {
				t.Errorf("%s %q: %s, want the builtin guard named", tt.tool, tt.value, d.Explain())
			}
			if s := at.Suggestions(tt.tool, []string{tt.value}, d); len(s) != 0 {
				t.Errorf("%s %q: always suggests %q, want nothing (the built-in guard's ask outlives any session rule)", tt.tool, tt.value, s)
			}
		})
	}
}

// dirsWith makes the agent dir of d with the given state file.
func dirsWith(t *testing.T, d locations.Dirs, state string) locations.Dirs {
	t.Helper()
	testfiles.Write(t, d.StateFile(), state)
	return d
}

// TestBuiltinGuardRulesComeFromTheLocations: every rule carries the builtin guard's source,
// and the agent dir's files are named by the agent dir the locations found, not a fixed path.
func TestBuiltinGuardRulesComeFromTheLocations(t *testing.T) {
	t.Parallel()
	for _, agent := range []string{"/home/u/.pi/agent", "/opt/pi-agent"} {
		g := BuiltinGuard(locations.Dirs{Agent: filepath.FromSlash(agent), Home: "/home/u"})
		if !g.Builtin || g.Path != "" {
			t.Errorf("BuiltinGuard = %+v, want Builtin and no path", g)
		}
		found := false
		for _, r := range g.Rules {
			if r.Source.Kind != engine.FromBuiltinGuard || r.Source.String() != "builtin guard" {
				t.Errorf("rule %s has source %+v, want the builtin guard", r, r.Source)
			}
			found = found || r.Permission == "edit" && r.Pattern == agent+"/agent-manager/*"
		}
		if !found {
			t.Errorf("agent dir %s: no rule protects %s/agent-manager/*", agent, agent)
		}
	}
}
