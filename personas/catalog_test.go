package personas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

// writeFiles creates files under root from a map of slash paths to contents.
func writeFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// agentFiles writes files (paths relative to the root, "agent/agents/a.md") under a new root
// and returns the root and its agent dir, with no project.
func agentFiles(t testing.TB, files map[string]string) (string, locations.Dirs) {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	return root, locations.Dirs{Agent: filepath.Join(root, "agent")}
}

func persona(desc string, extra ...string) string {
	return "---\ndescription: " + desc + "\npermissions: read\n" + strings.Join(extra, "\n") + "\n---\nprompt of " + desc + "\n"
}

func names(ps []*Persona) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name + "@" + p.Scope.String()
	}
	return strings.Join(out, " ")
}

func TestCatalogScopes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		files        map[string]string
		wantList     string
		wantShadowed string
		wantProblems []string // prefixes of Problem.Error, relative to the test root
	}{
		{"built-ins only", nil, "planner@built-in builder@built-in", "", nil},
		{"global files follow built-ins in name order",
			map[string]string{"agent/agents/zed.md": persona("z"), "agent/agents/alpha.md": persona("a")},
			"planner@built-in builder@built-in alpha@global zed@global", "", nil},
		{"a global persona replaces a built-in in place",
			map[string]string{"agent/agents/planner.md": persona("mine")},
			"planner@global builder@built-in", "planner@built-in", nil},
		{"a project persona never replaces a global one",
			map[string]string{"agent/agents/rev.md": persona("g"), "agent/agents/zz.md": persona("z"), "proj/.pi/agents/rev.md": persona("p")},
			"planner@built-in builder@built-in rev@global zz@global", "", nil},
		{"a project persona never replaces a built-in or a global one",
			map[string]string{"agent/agents/builder.md": persona("g"), "proj/.pi/agents/builder.md": persona("p"), "proj/.pi/agents/x.md": persona("p", "name: planner")},
			"planner@built-in builder@global", "builder@built-in", nil},
		{"a project persona of a new name follows the global ones",
			map[string]string{"agent/agents/rev.md": persona("g"), "proj/.pi/agents/tool.md": persona("p")},
			"planner@built-in builder@built-in rev@global tool@project", "", nil},
		{"a broken file never hides the others",
			map[string]string{
				"agent/agents/a.md":      persona("a"),
				"agent/agents/broken.md": "---\ndescription: b\npermissions:\n  bash: {\"rm *\": block}\n---\n",
				"agent/agents/c.md":      persona("c"),
			},
			"planner@built-in builder@built-in a@global c@global", "",
			[]string{`agent/agents/broken.md:4:18: permissions.bash."rm *": unknown action "block"`}},
		{"same name twice in one scope keeps the first file",
			map[string]string{"agent/agents/a.md": persona("a"), "agent/agents/b.md": persona("b", "name: a")},
			"planner@built-in builder@built-in a@global", "",
			[]string{`agent/agents/b.md:1:1: the name a is already used by`}},
		{"only .md files that are not hidden are read",
			map[string]string{"agent/agents/.draft.md": persona("d"), "agent/agents/notes.txt": "x", "agent/agents/sub/x.md": persona("x")},
			"planner@built-in builder@built-in", "", nil},
		{"legacy JSON agents are global",
			map[string]string{"agent/pi-agent-manager.json": `{"agents":[{"name":"scout","description":"looks","permissions":["read","web"],"extraInstructions":"Be brief."}]}`},
			"planner@built-in builder@built-in scout@global", "", nil},
		{"a Markdown file wins over a legacy JSON agent of the same name",
			map[string]string{"agent/agents/scout.md": persona("md"), "agent/pi-agent-manager.json": `{"agents":[{"name":"scout","description":"json","permissions":["read"]}]}`},
			"planner@built-in builder@built-in scout@global", "scout@global",
			[]string{"agent/pi-agent-manager.json: agent scout is also defined by"}},
		{"a broken legacy agent does not hide the others",
			map[string]string{"agent/pi-agent-manager.json": "{\"agents\": [\n  {\"name\": \"a\", \"description\": \"x\", \"permissions\": [\"fly\"]},\n  {\"name\": \"b\", \"description\": \"y\", \"permissions\": [\"read\"]}\n]}"},
			"planner@built-in builder@built-in b@global", "",
			[]string{`agent/pi-agent-manager.json:2:53: permissions[0]: unknown legacy permission "fly"`}},
		{"legacy JSON syntax error is positioned",
			map[string]string{"agent/pi-agent-manager.json": "{\"agents\": [\n  {\"name\": \"a\",,}\n]}"},
			"planner@built-in builder@built-in", "",
			[]string{`agent/pi-agent-manager.json:2:`}},
		{"legacy JSON syntax error says JSON, not YAML",
			map[string]string{"agent/pi-agent-manager.json": `{"agents":[{"name":"x"`},
			"planner@built-in builder@built-in", "",
			[]string{`agent/pi-agent-manager.json:1:12: invalid JSON: `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, tt.files)
			if err := os.MkdirAll(filepath.Join(root, "proj", ".pi"), 0o755); err != nil {
				t.Fatal(err)
			}
			d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
			trustProject(t, d)
			c := Load(d)
			if got := names(c.Personas()); got != tt.wantList {
				t.Errorf("files %v\n personas %s\n     want %s", keys(tt.files), got, tt.wantList)
			}
			if got := names(c.Shadowed()); got != tt.wantShadowed {
				t.Errorf("files %v\n shadowed %q\n     want %q", keys(tt.files), got, tt.wantShadowed)
			}
			var errs []string
			for _, p := range c.Problems() {
				if p.Severity == Error || strings.HasSuffix(p.File, ".json") {
					rel, _ := filepath.Rel(root, p.File)
					p.File = filepath.ToSlash(rel)
					errs = append(errs, p.Error())
				}
			}
			if len(errs) != len(tt.wantProblems) {
				t.Fatalf("problems %q, want %q", errs, tt.wantProblems)
			}
			for i, w := range tt.wantProblems {
				if !strings.HasPrefix(errs[i], w) {
					t.Errorf("problem %d = %q, want prefix %q", i, errs[i], w)
				}
			}
		})
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestCatalogLookupAndLegacyPrompt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pi-agent-manager.json": `{"agents":[{"name":"Scout","description":"looks","permissions":["read"],"icon":"🛰","extraInstructions":"Be brief.","pinned":true}]}`,
	})
	c := Load(locations.Dirs{Agent: root})
	p, ok := c.Lookup("SCOUT")
	if !ok {
		t.Fatalf("Lookup(SCOUT) found nothing in %s; problems %v", names(c.Personas()), c.Problems())
	}
	if p.Prompt != "Be brief." || p.Form != FormLegacy || p.Icon != "🛰" || p.Rules[0].Source.String() != "preset:legacy" {
		t.Errorf("scout = prompt %q form %v icon %q source %s; want \"Be brief.\" legacy 🛰 preset:legacy", p.Prompt, p.Form, p.Icon, p.Rules[0].Source)
	}
	if strings.Join(p.Unknown, ",") != "pinned" {
		t.Errorf("unknown = %v, want [pinned]", p.Unknown)
	}
	if _, ok := c.Lookup("nobody"); ok {
		t.Errorf("Lookup(nobody) found a persona")
	}
}
