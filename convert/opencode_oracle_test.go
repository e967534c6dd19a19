package convert

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// ocOracleCalls are the calls the OpenCode import oracle decides: the mixed calls, and the
// ones OpenCode's implicit rules decide (its own agents' question, plan and todo permissions,
// its saved tool output, a loop, .env variants, secrets under home).
var ocOracleCalls = append(append([]ocCall(nil), ocMixedCalls...), []ocCall{
	{"doom_loop", ""}, {"plan_enter", ""}, {"plan_exit", ""}, {"todo", ""}, {"task", "explore"},
	{"read", ".env.example"}, {"read", "config/.env.local"}, {"read", "certs/server.pem"}, {"read", "id.key"},
	{"read", "~/.local/share/opencode/tool-output/tool_1.txt"}, {"read", "~/.aws/credentials"},
	{"read", "~/notes/todo.md"}, {"read", "~/.ssh/config"}, {"edit", ".opencode/plans/p.md"},
	{"edit", "docs/guide.md"}, {"list", "/etc"}, {"codesearch", "parser"}, {"lsp", ""},
	{"bash", "git log -3"}, {"bash", "git push"}, {"bash", "go test ./..."}, {"bash", "grep -rn x ."},
	{"bash", "npm install"}, {"bash", "rm -rf dist"}, {"bash", "curl -s https://example.com"},
	{"bash", "cat ~/notes/todo.md"}, {"bash", "make test"}, {"bash", "git push --tags"}, {"bash", "ls -la src"},
	{"bash", "npm run lint"}, {"bash", "grep -n func main.go"}, {"bash", "git status --short"}, {"bash", "git diff --stat"},
	{"webfetch", "https://docs.example.com/x"}, {"edit", "docs/api/index.md"}, {"read", "keys/id.key"},
	{"task", "docs"}, {"read", "src/main.go"}, {"glob", "src/**"}, {"grep", "func main"},
}...)

// TestOpenCodeImport_oracle imports OpenCode configurations (no permission at all, only a
// top-level permission, a top-level string, agents over a top-level permission, overrides
// of OpenCode's own agents, a global config under a project's, top-level tools, the older
// mode object, a .opencode/opencode.json, home and outside-project rules, an agent defined in
// the global and project opencode.json and an agent file) and decides a call
// set with the imported personas and with OpenCode's evaluation over the rules the real
// OpenCode resolved for each agent: at least 98% must be decided alike, and no call may be
// decided more loosely by the persona.
func TestOpenCodeImport_oracle(t *testing.T) {
	bin := realTool(t, "AGENTMGR_TEST_OPENCODE")
	cases, err := os.ReadDir(filepath.Join("testdata", "opencode", "oracle"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 8 {
		t.Fatalf("%d configurations, want at least 8", len(cases))
	}
	total, agree, agents := 0, 0, 0
	for _, c := range cases {
		dir := filepath.Join("testdata", "opencode", "oracle", c.Name())
		home, project := openCodeSandbox(t)
		if err := os.CopyFS(project, os.DirFS(filepath.Join(dir, "project"))); err != nil {
			t.Fatal(err)
		}
		global := filepath.Join(home, ".config", "opencode")
		if _, err := os.Stat(filepath.Join(dir, "global")); err == nil {
			if err := os.CopyFS(global, os.DirFS(filepath.Join(dir, "global"))); err != nil {
				t.Fatal(err)
			}
		}
		resolved := parseAgentList(t, runOpenCode(t, bin, home, project, "agent", "list"))
		items, errs := ReadSources("opencode", project, ImportOptions{OpenCodeGlobal: global})
		if len(errs) > 0 || len(items) == 0 {
			t.Fatalf("%s: imported %d items: %v", c.Name(), len(items), errs)
		}
		pl := ocPlace{Project: project, Home: home}
		for _, it := range items {
			name := it.Draft.Name
			rules, ok := resolved[name]
			if !ok {
				rules = openCodeDebugAgent(t, bin, home, project, name)
			}
			p, _, err := it.Draft.Persona(filepath.Join(home, name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			agents++
			pol := (&engine.Policy{Persona: engine.CompileWithHome(p.Rules, home)}).At(&engine.Place{Cwd: project, Project: project, Home: home})
			for _, call := range ocOracleCalls {
				total++
				got := pol.DecideKey(call.Key, call.Value).Action
				want := ocDecide(rules, ocKeyFor(call.Key), ocExpandHome(call.Value, home), pl)
				if got == want {
					agree++
					continue
				}
				t.Logf("%s/%s: %s %q: OpenCode %s, imported persona %s", c.Name(), name, call.Key, call.Value, want, got)
				if call.Key != "bash" {
					t.Errorf("%s/%s: %s %q: OpenCode %s, imported persona %s: only a bash call agentmgr's shell analysis decides more strictly may differ", c.Name(), name, call.Key, call.Value, want, got)
				}
				if engine.Stricter(got, want) != got {
					t.Errorf("%s/%s: %s %q: the imported persona says %s where OpenCode says %s: looser", c.Name(), name, call.Key, call.Value, got, want)
				}
			}
		}
	}
	t.Logf("%d configurations, %d agents: the imported personas agree with OpenCode on %d of %d calls (%.1f%%)",
		len(cases), agents, agree, total, float64(agree)*100/float64(total))
	if agree*100 < total*98 {
		t.Errorf("the imported personas agree with OpenCode on %d of %d calls, want at least 98%%", agree, total)
	}
}

// openCodeDebugAgent is the rules the real OpenCode resolved for one agent, by `debug agent`
// (which, unlike `agent list`, shows hidden agents too).
func openCodeDebugAgent(t *testing.T, bin, home, project, name string) []ocRule {
	t.Helper()
	var one struct {
		Permission []struct{ Permission, Pattern, Action string }
	}
	if err := json.Unmarshal(runOpenCode(t, bin, home, project, "debug", "agent", name), &one); err != nil {
		t.Fatalf("%s: OpenCode has no such agent: %v", name, err)
	}
	var rules []ocRule
	for _, r := range one.Permission {
		rules = append(rules, ocRule{r.Permission, r.Pattern, engine.Action(r.Action)})
	}
	return rules
}
