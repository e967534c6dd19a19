package pi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

func TestAgentSpawnGating(t *testing.T) {
	home := t.TempDir()
	dirs := locations.Dirs{Agent: filepath.Join(home, "agent"), Home: home}
	cwd := filepath.Join(home, "project")
	if _, err := Install(dirs.GlobalExtensions(), "/usr/bin/agentmgr", "test"); err != nil {
		t.Fatal(err)
	}
	agentFile := func(dir, name, fm string) {
		testfiles.Write(t, filepath.Join(dir, name+".md"), "---\ndescription: "+name+"\n"+fm+"---\nWork.\n")
	}
	global := filepath.Join(dirs.Agent, "agents")
	project := filepath.Join(cwd, ".pi", "agents")
	workspace := filepath.Join(cwd, ".agents", "agents")
	agentFile(global, "plain", "")
	agentFile(global, "sealed", "isolated: true\n")
	agentFile(global, "open", "isolated: false\n")
	agentFile(global, "bare", "extensions: false\n")
	agentFile(global, "none", "extensions: none\n")
	agentFile(global, "picky", "extensions: web, search\n")
	agentFile(global, "listed", "extensions:\n  - web\n  - agentmgr\n")
	agentFile(global, "bypath", "extensions: ~/.pi/agent/extensions/agentmgr/index.ts\n")
	agentFile(global, "star", "extensions: \"*\"\n")
	agentFile(global, "legacy", "inherit_extensions: web\n")
	agentFile(global, "shunned", "exclude_extensions: AgentMgr, other\n")
	agentFile(global, "shadowed", "")
	agentFile(project, "shadowed", "extensions: false\n")
	agentFile(workspace, "shared", "exclude_extensions: agentmgr\n")
	agentFile(global, "Mixed", "isolated: true\n")

	tests := []struct {
		name, input, want string
	}{
		{"a type without a file loads every extension", `{"subagent_type":"Explore"}`, ""},
		{"an agent file without fields loads every extension", `{"subagent_type":"plain"}`, ""},
		{"isolated in the call", `{"subagent_type":"plain","isolated":true}`, "passes `isolated: true`"},
		{"isolated in the call of a built-in type", `{"subagent_type":"general-purpose","isolated":true}`, "passes `isolated: true`"},
		{"isolated false in the call", `{"subagent_type":"plain","isolated":false}`, ""},
		{"isolated in the file", `{"subagent_type":"sealed"}`, "sealed.md sets `isolated: true`"},
		{"the file's isolated: false wins over the call's", `{"subagent_type":"open","isolated":true}`, ""},
		{"extensions: false", `{"subagent_type":"bare"}`, "sets `extensions: false`"},
		{"extensions: none", `{"subagent_type":"none"}`, "sets `extensions: false`"},
		{"a list without agentmgr", `{"subagent_type":"picky"}`, "lists its `extensions` without agentmgr's"},
		{"a list naming agentmgr", `{"subagent_type":"listed"}`, ""},
		{"a list naming agentmgr's path", `{"subagent_type":"bypath"}`, ""},
		{"a list keeping all", `{"subagent_type":"star"}`, ""},
		{"the older field name", `{"subagent_type":"legacy"}`, "without agentmgr's"},
		{"exclude_extensions naming agentmgr in another case", `{"subagent_type":"shunned"}`, "take agentmgr out of `exclude_extensions`"},
		{"the project's file wins", `{"subagent_type":"shadowed"}`, filepath.Join(".pi", "agents", "shadowed.md")},
		{"the workspace's folder is read", `{"subagent_type":"shared"}`, "exclude_extensions"},
		{"a type matched in another case", `{"subagent_type":"mixed"}`, "Mixed.md"},
		{"an unknown type runs as general-purpose", `{"subagent_type":"nobody"}`, ""},
		{"a malformed call", `[1,2]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AgentSpawnGating(dirs, cwd, []byte(tt.input))
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Fatalf("AgentSpawnGating(%s) = %q; want %q", tt.input, got, tt.want)
			}
		})
	}

	t.Run("an unknown type takes general-purpose's own file", func(t *testing.T) {
		agentFile(project, "general-purpose", "extensions: false\n")
		if got := AgentSpawnGating(dirs, cwd, []byte(`{"subagent_type":"nobody"}`)); !strings.Contains(got, "general-purpose.md") {
			t.Fatalf("got %q; want general-purpose.md's extensions: false", got)
		}
	})
	t.Run("without agentmgr installed every spawn is ungated", func(t *testing.T) {
		bare := locations.Dirs{Agent: filepath.Join(home, "other"), Home: home}
		if got := AgentSpawnGating(bare, cwd, []byte(`{"subagent_type":"plain"}`)); !strings.Contains(got, "run `agentmgr pi install`") {
			t.Fatalf("got %q; want the advice to install", got)
		}
	})
}

func TestKindOfSource(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, filepath.Join(dir, "clone", "package.json"), `{"name":"@gotgenes/pi-subagents","pi":{"extensions":["./src/index.ts"]}}`)
	testfiles.Write(t, filepath.Join(dir, "clone", "src", "index.ts"), "")
	testfiles.Write(t, filepath.Join(dir, "mine", "package.json"), `{"name":"my-subagents"}`)
	tests := []struct {
		source string
		want   Kind
	}{
		{"/usr/lib/node_modules/pi-subagents/index.ts", KindPiSubagents},
		{"/home/me/.pi/agent/extensions/pi-subagents/index.ts", KindPiSubagents},
		{"/usr/lib/node_modules/@tintinweb/pi-subagents/src/index.ts", KindTintinweb},
		{`C:\npm\node_modules\@tintinweb\pi-subagents\src\index.ts`, KindTintinweb},
		{"/usr/lib/node_modules/@gotgenes/pi-subagents/src/index.ts", KindGotgenes},
		{filepath.Join(dir, "clone", "src", "index.ts"), KindGotgenes},
		{filepath.Join(dir, "mine", "pi-subagents", "index.ts"), KindOther},
		{"/ext/other-subagents/index.ts", KindOther},
		{"(an extension pi names no file of)", KindOther},
	}
	for _, tt := range tests {
		if got := KindOfSource(tt.source); got != tt.want {
			t.Errorf("KindOfSource(%q) = %q; want %q", tt.source, got, tt.want)
		}
	}
}
