package convert

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestOpenCodeTopLevel_mergesLayersAsOpenCode(t *testing.T) {
	tests := []struct {
		name   string
		layers []string
		want   string // the top-level permission's rules as OpenCode holds them
	}{
		{"none", []string{`{}`}, ""},
		{"one layer", []string{`{"permission":{"bash":{"*":"ask","git *":"allow"},"edit":"deny"}}`}, "bash * ask; bash git * allow; edit * deny"},
		{"a later layer's key keeps the first layer's place", []string{
			`{"permission":{"bash":{"*":"ask","rm *":"deny"}}}`,
			`{"permission":{"bash":{"*":"allow","npm *":"ask"},"webfetch":"ask"}}`},
			"bash * allow; bash rm * deny; bash npm * ask; webfetch * ask"},
		{"a string replaces a map", []string{`{"permission":{"bash":{"*":"ask"}}}`, `{"permission":{"bash":"deny"}}`}, "bash * deny"},
		{"a whole-permission string replaces the map", []string{`{"permission":{"bash":"ask"}}`, `{"permission":"allow"}`}, "* * allow"},
		{"tools first, a permission of the same key in its place", []string{`{"tools":{"bash":false,"write":false,"webfetch":true},"permission":{"bash":{"git status":"allow"}}}`},
			"bash git status allow; edit * deny; webfetch * allow"},
		{"tools of two layers merge", []string{`{"tools":{"bash":false}}`, `{"tools":{"bash":true,"read":false}}`}, "bash * allow; read * deny"},
		{"home patterns", []string{`{"permission":{"read":{"~/.ssh/*":"deny","$HOME/.aws/*":"deny"}}}`}, "read /home/user/.ssh/* deny; read /home/user/.aws/* deny"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var layers []openCodeLayer
			for i, l := range tt.layers {
				root, err := openCodeRoot("layer", []byte(l))
				if err != nil {
					t.Fatalf("layer %d: %v", i, err)
				}
				layers = append(layers, openCodeLayer{"layer", root})
			}
			top := openCodeTopLevel(layers)
			if tt.want == "" {
				if top != nil {
					t.Errorf("top-level permission %v, want none", top)
				}
				return
			}
			if got := ocRulesText(ocRawRules(top, probeHome)); got != tt.want {
				t.Errorf("rules\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestImportOpenCodeConfig_implicitRules(t *testing.T) {
	tests := []struct {
		name   string
		config string
		agent  string
		want   string // the rules after OpenCode's defaults, without the tool-output rule
	}{
		{"only a top-level permission governs OpenCode's build", `{"permission":{"edit":"ask"}}`, "build", "question * allow; plan_enter * allow; edit * ask"},
		{"and its plan", `{"permission":{"edit":"ask"}}`, "plan", "question * allow; plan_exit * allow; task general deny; external_directory ~/.local/share/opencode/plans/* allow; edit * deny; edit .opencode/plans/*.md allow; edit * ask"},
		{"and its general", `{"permission":{"webfetch":"deny"}}`, "general", "todo * deny; webfetch * deny"},
		{"an override of explore", `{"agent":{"explore":{"permission":{"bash":"ask"}}}}`, "explore", "* * deny; grep * allow; glob * allow; list * allow; bash * allow; webfetch * allow; websearch * allow; read * allow; external_directory * ask; external_directory ~/.local/share/opencode/tool-output/* allow; external_directory /tmp/opencode/* allow; bash * ask"},
		{"a mode is a primary agent", `{"mode":{"review":{"permission":{"edit":"deny"}}}}`, "review", "edit * deny"},
		{"an agent with no permission", `{"agent":{"plain":{"description":"p"}}}`, "plain", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, err := ImportOpenCodeConfig("opencode.json", []byte(tt.config))
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				if it.Draft.Name != tt.agent {
					continue
				}
				got := rulesText(it.Draft.Rules)
				want := ocDefaultsText
				if tt.want != "" {
					want += "; " + tt.want
				}
				if strings.HasPrefix(tt.want, "* * deny") {
					want = tt.want // the catch-all leaves the defaults out
				}
				if want += ocTrailingText; got != want {
					t.Errorf("rules\n got %s\nwant %s", got, want)
				}
				if it.Draft.Type == "" && tt.agent == "review" && !hasChange(it.Report, "mode (as type)") && !contains(it.Report.Kept, "mode (as type)") {
					t.Errorf("a mode is not read as primary: %+v", it.Report)
				}
				return
			}
			t.Fatalf("no agent %s among %d items", tt.agent, len(items))
		})
	}
	if _, err := ImportOpenCodeConfig("opencode.json", []byte(`{"theme":"x"}`)); err == nil || !strings.Contains(err.Error(), "no agents to import") {
		t.Errorf("a configuration with neither agents nor a permission: %v", err)
	}
	items, err := ImportOpenCodeConfig("opencode.json", []byte(`{"agent":{"gone":{"disable":true},"kept":{}}}`))
	if err != nil || len(items) != 1 || items[0].Draft.Name != "kept" {
		t.Errorf("a disabled agent is not imported: %v %v", items, err)
	}
}

// TestReadSources_openCodeGlobalConfig: an agent file of a project starts from the global
// config's top-level permission, then the project's, then its own.
func TestReadSources_openCodeGlobalConfig(t *testing.T) {
	root := t.TempDir()
	global := filepath.Join(root, "config", "opencode")
	project := filepath.Join(root, "project")
	files := map[string]string{
		filepath.Join(global, "opencode.json"):                  `{"permission":{"bash":{"*":"ask","rm *":"deny"}}}`,
		filepath.Join(project, "opencode.json"):                 `{"permission":{"bash":{"*":"allow"}}}`,
		filepath.Join(project, ".opencode", "opencode.json"):    `{"permission":{"webfetch":"ask"}}`,
		filepath.Join(project, ".opencode", "agents", "dev.md"): "---\ndescription: d\npermission:\n  edit: ask\n---\nbody\n",
	}
	for p, s := range files {
		testfiles.Write(t, p, s)
	}
	items, errs := ReadSources("opencode", filepath.Join(project, ".opencode", "agents", "dev.md"), ImportOptions{OpenCodeGlobal: global})
	if len(errs) > 0 || len(items) != 1 {
		t.Fatalf("%d items: %v", len(items), errs)
	}
	if got, want := rulesText(items[0].Draft.Rules), ocDefaultsText+"; bash * allow; bash rm * deny; webfetch * ask; edit * ask"+ocTrailingText; got != want {
		t.Errorf("rules\n got %s\nwant %s", got, want)
	}
}

// TestReadSources_openCodeAgentInTwoFiles: an agent an opencode.json defines and an agent file
// defines too is one agent, merged as OpenCode merges them (each with its tools folded into its
// permission, then key by key), imported once.
func TestReadSources_openCodeAgentInTwoFiles(t *testing.T) {
	project := t.TempDir()
	files := map[string]string{
		filepath.Join(project, "opencode.json"):                      `{"agent":{"reviewer":{"description":"R","tools":{"webfetch":false},"permission":{"bash":{"*":"ask","git *":"allow"}}},"other":{"description":"O"}}}`,
		filepath.Join(project, ".opencode", "agents", "reviewer.md"): "---\ndescription: Reviews\npermission:\n  bash:\n    \"git push*\": deny\n  webfetch: ask\n---\nReview.\n",
	}
	for p, s := range files {
		testfiles.Write(t, p, s)
	}
	items, errs := ReadSources("opencode", project, ImportOptions{})
	if len(errs) > 0 || len(items) != 2 {
		t.Fatalf("%d items, want reviewer and other: %v", len(items), errs)
	}
	for _, it := range items {
		if it.Draft.Name != "reviewer" {
			continue
		}
		if !strings.HasSuffix(it.Report.Source, "reviewer.md") || it.Draft.Prompt != "Review." || it.Draft.Description != "Reviews" {
			t.Errorf("reviewer comes from %s: %+v", it.Report.Source, it.Draft)
		}
		if got, want := rulesText(it.Draft.Rules), ocDefaultsText+"; webfetch * ask; bash * ask; bash git * allow; bash git push* deny"+ocTrailingText; got != want {
			t.Errorf("rules\n got %s\nwant %s", got, want)
		}
	}
}
