package convert

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func writeTestFile(t *testing.T, p, text string) string {
	t.Helper()
	testfiles.Write(t, p, text)
	return p
}

func ppsRulesText(rs engine.Ruleset) string {
	var b []string
	for _, r := range rs {
		b = append(b, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return strings.Join(b, "\n")
}

func TestImportPPSMergesScopesAsItDoes(t *testing.T) {
	root := t.TempDir()
	agentDir, proj := filepath.Join(root, "agent"), filepath.Join(root, "proj")
	writeTestFile(t, PPSConfigPath(agentDir), `{
  // comments are allowed, as PPS strips them
  "yoloMode": false,
  "debugLog": true,
  "permission": {
    "*": "ask",
    "bash": {"*": "ask", "git *": "allow", "rm *": "deny"},
    "write": "deny",
    "mcp": {"*": "ask", "exa_*": "allow"},
    "my_tool": {"*": "deny", "other": "allow"}
  }
}`)
	writeTestFile(t, PPSConfigPath(filepath.Join(proj, ".pi")), `{"permission": {"bash": {"git *": "ask", "make *": "allow"}, "write": {"*": "allow"}}}`)
	writeTestFile(t, filepath.Join(agentDir, "agents", "reviewer.md"), "---\nname: reviewer\npermission:\n  bash: deny\n---\nReview.\n")
	writeTestFile(t, filepath.Join(agentDir, "agents", "plain.md"), "---\nname: plain\ndescription: no permission block\n---\n")
	src := FindPPSSources(agentDir, proj)
	if len(src.Agents) != 1 || src.Global == "" || src.Project == "" {
		t.Fatalf("FindPPSSources = %+v", src)
	}
	items, err := ImportPPS(src, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Draft.Name != "pps" || items[1].Draft.Name != "reviewer" {
		t.Fatalf("items: %d", len(items))
	}
	want := strings.Join([]string{
		"* * ask",
		"wrappers * ask",
		"edit * ask", // write is named, so edit is too: each decides its own tool
		"external_directory * ask",
		"mcp mcp_status allow", "mcp mcp_list allow", "mcp mcp_search allow", "mcp mcp_describe allow", "mcp mcp_connect allow",
		"bash * ask", "bash git * ask", "bash rm * deny", "bash make * allow", // git * keeps its place, takes the project's action
		"write * allow", // the project's object replaces the global string
		"mcp * ask", "mcp exa_* allow",
		"my_tool * deny", // "other" never matches "*", the value PPS decides an extension tool on
	}, "\n")
	if got := ppsRulesText(items[0].Draft.Rules); got != want {
		t.Errorf("rules:\n%s\nwant:\n%s", got, want)
	}
	if got := ppsRulesText(items[1].Draft.Rules); !strings.HasSuffix(got, "bash * deny\nwrite * allow\nmcp * ask\nmcp exa_* allow\nmy_tool * deny") {
		t.Errorf("the agent's bash: deny replaces the merged bash map where it stood; got:\n%s", got)
	}
	var lost []string
	for _, l := range items[0].Report.Lost {
		lost = append(lost, l.What)
	}
	if !strings.Contains(strings.Join(lost, " "), "debugLog") || !strings.Contains(strings.Join(lost, " "), `"other"`) {
		t.Errorf("the report does not list what is lost: %q", lost)
	}
	if _, err := items[0].Draft.Render(); err != nil {
		t.Errorf("Render: %v", err)
	}
}

func TestImportPPSReportsBadFiles(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"not JSON", `{"permission": {`, "config.json:"},
		{"not an object", `[1]`, "expected a JSON object"},
		{"permission not an object", `{"permission": 3}`, `"permission": expected an object`},
		{"yoloMode not a bool", `{"yoloMode": "yes"}`, `"yoloMode": expected true or false`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := writeTestFile(t, filepath.Join(t.TempDir(), "config.json"), tc.text)
			_, err := ImportPPS(PPSSources{Global: p}, "")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func FuzzReadPPSConfig(f *testing.F) {
	for _, s := range []string{`{"permission":{"*":"ask","bash":{"git *":"allow"}}}`, `// x
{"permission":{"path":{"*.env":{"action":"deny","reason":"no"}}}}`, `{"yoloMode":true}`, ``, `[`, `{"permission":{"mcp":[1]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sc, err := readPPSConfig("config.json", []byte(text))
		if err != nil {
			return
		}
		merged, yolo := mergePPS([]ppsScope{sc, sc})
		rep := newReport("config.json", "pps", EnforcedByGate)
		rules := ppsRules(merged, yolo, rep)
		if len(rules) == 0 || rules[0].Permission != "*" || rules[0].Pattern != "*" {
			t.Fatalf("the rules of %q do not start with the fallback: %v", text, rules)
		}
	})
}
