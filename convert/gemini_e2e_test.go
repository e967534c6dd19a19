package convert

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// geminiBundle is the bundle folder of the Gemini CLI that make deps-gemini installs
// ($AGENTMGR_TEST_GEMINI is the package folder) and the node that runs it. The test is skipped
// without them unless CI=true.
func geminiBundle(t *testing.T) (bundle, node string) {
	t.Helper()
	missing := func(why string) {
		e2etest.Missing(t, "Gemini CLI "+e2etest.GeminiVersion+" cannot run: "+why+" (make deps-gemini)")
	}
	bundle = filepath.Join(e2etest.GeminiPackage.Find(t), "bundle")
	if _, err := os.Stat(filepath.Join(bundle, "policies", "write.toml")); err != nil {
		missing(err.Error())
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("no node on PATH")
	}
	// Gemini CLI 0.61.0 asks for Node 20 or later.
	v, err := exec.Command(node, "--version").Output()
	var major int
	if _, serr := fmt.Sscanf(string(v), "v%d", &major); err != nil || serr != nil || major < 20 {
		missing(fmt.Sprintf("%s is %q; Gemini CLI needs Node 20 or later", node, strings.TrimSpace(string(v))))
	}
	return bundle, node
}

type geminiCall struct {
	Name string         `json:"name"`
	Args map[string]any `json:"args"`
}

type geminiAnswer struct {
	Errors    []string `json:"errors"`
	Rules     int      `json:"rules"`
	Decisions []string `json:"decisions"`
}

// geminiDecide runs Gemini's PolicyEngine over calls with policy as the user tier's only file.
func geminiDecide(t *testing.T, bundle, node, policyName string, policy []byte, calls []geminiCall) geminiAnswer {
	t.Helper()
	home := t.TempDir()
	dir := filepath.Join(home, ".gemini", "policies")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, policyName), policy, 0o644); err != nil {
		t.Fatal(err)
	}
	script := e2etest.NodeScript{Node: node, Script: filepath.Join("testdata", "gemini", "decide.mjs"), Args: []string{bundle}, Dir: home,
		Env: append(os.Environ(), "GEMINI_CLI_HOME="+home, "HOME="+home, "NO_COLOR=1")}
	var ans geminiAnswer
	script.JSON(t, calls, &ans)
	if len(ans.Decisions) != len(calls) {
		t.Fatalf("decide.mjs gave %d decisions for %d calls", len(ans.Decisions), len(calls))
	}
	return ans
}

// TestGeminiExportDecidesAsThePreview loads each exported policy into Gemini CLI's own
// PolicyEngine (with Gemini's default policies beneath it, as Gemini runs) and decides a mixed
// set of shell calls: at least 95% equal agentmgr's decision, and every call that differs is
// named in the export's report with Gemini's decision.
func TestGeminiExportDecidesAsThePreview(t *testing.T) {
	bundle, node := geminiBundle(t)
	total, same := 0, 0
	for _, p := range fixturePersonas(t, "gemini", 4) {
		ex, err := ExportGemini(p, nil)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		cmds := geminiProbeCommands(p.Rules)
		var calls []geminiCall
		for _, c := range cmds {
			calls = append(calls, geminiCall{"run_shell_command", map[string]any{"command": c}})
		}
		ans := geminiDecide(t, bundle, node, filepath.Base(ex.Files[0].Path), ex.Files[0].Data, calls)
		if len(ans.Errors) > 0 || ans.Rules == 0 {
			t.Fatalf("%s: Gemini does not load the export (%d rules): %s\n%s", p.Name, ans.Rules, strings.Join(ans.Errors, "\n"), ex.Files[0].Data)
		}
		pol := probePolicy(p.Rules)
		changed := map[string]string{}
		for _, c := range ex.Report.Changed {
			changed[c.What] = c.To
		}
		agree := 0
		for i, c := range cmds {
			ours := pol.DecideShell("bash", c).Action
			theirs, err := parseGeminiDecision(ans.Decisions[i])
			if err != nil {
				t.Fatal(err)
			}
			if ours == theirs {
				agree++
				continue
			}
			what := fmt.Sprintf("bash %q", c)
			t.Logf("%s: %s: agentmgr %s, Gemini %s", p.Name, what, ours, theirs)
			if to, ok := changed[what]; !ok || to != string(theirs) {
				t.Errorf("%s: %s: agentmgr %s, Gemini %s; the report says %q", p.Name, what, ours, theirs, to)
			}
		}
		t.Logf("%s: %d of %d shell calls decided alike", p.Name, agree, len(cmds))
		total += len(cmds)
		same += agree
	}
	if same*100 < total*95 {
		t.Errorf("Gemini agrees with agentmgr on %d of %d shell calls, want at least 95%%", same, total)
	}
	t.Logf("overall: %d of %d", same, total)
}

// TestGeminiImportDecidesAsGemini loads a hand-written policy file into Gemini's PolicyEngine
// and imports it: the imported persona decides most calls as Gemini does, and never more
// loosely (what it cannot say it decides more strictly, and the report says so).
func TestGeminiImportDecidesAsGemini(t *testing.T) {
	bundle, node := geminiBundle(t)
	it, err := ImportGemini("my.toml", "my", []byte(handPolicy))
	if err != nil {
		t.Fatal(err)
	}
	pol := probePolicy(it.Draft.Rules)
	type call struct{ key, tool, arg, value string }
	var cs []call
	for _, c := range geminiShellProbes {
		cs = append(cs, call{"bash", "run_shell_command", "command", c})
	}
	for _, c := range []string{"git status -s", "git diff HEAD", "git push", "rm -i x", "rm -rf /", "pnpm test"} {
		cs = append(cs, call{"bash", "run_shell_command", "command", c})
	}
	cs = append(cs, []call{
		{"read", "read_file", "file_path", "src/a.go"}, {"edit", "write_file", "file_path", "src/a.go"},
		{"edit", "replace", "file_path", "README.md"}, {"glob", "glob", "pattern", "**/*.go"},
		{"grep", "grep_search", "pattern", "TODO"}, {"list", "list_directory", "dir_path", "src"},
		{"webfetch", "web_fetch", "prompt", "read https://example.com/"}, {"websearch", "google_web_search", "query", "go"},
	}...)
	var calls []geminiCall
	for _, c := range cs {
		calls = append(calls, geminiCall{c.tool, map[string]any{c.arg: c.value}})
	}
	ans := geminiDecide(t, bundle, node, "my.toml", []byte(handPolicy), calls)
	if len(ans.Errors) > 0 {
		t.Fatalf("Gemini does not load the hand-written policy: %v", ans.Errors)
	}
	agree := 0
	for i, c := range cs {
		ours := pol.DecideKey(c.key, c.value).Action
		theirs, _ := parseGeminiDecision(ans.Decisions[i])
		if ours == theirs {
			agree++
			continue
		}
		t.Logf("%s %q: imported persona %s, Gemini %s", c.key, c.value, ours, theirs)
		// agentmgr matches a command's words after quote removal, joined by one space (the
		// report says so); that is the one way the import may be looser.
		if engine.Stricter(ours, theirs) != ours && !strings.Contains(c.value, "  ") && !strings.ContainsAny(c.value, `"'`) {
			t.Errorf("%s %q: the imported persona %s is looser than Gemini's %s", c.key, c.value, ours, theirs)
		}
	}
	t.Logf("%d of %d calls decided alike", agree, len(cs))
	// The rest are agentmgr's own analysis, stricter than Gemini's (wrappers, files written,
	// quotes) and Gemini's safe-command heuristic, which the report names.
	if agree*100 < len(cs)*65 {
		t.Errorf("the import decides %d of %d calls as Gemini, want at least 65%%", agree, len(cs))
	}
	if !strings.Contains(fmt.Sprint(it.Report.Changed), "joined by one space") {
		t.Errorf("the report does not say how agentmgr reads a command's words: %+v", it.Report.Changed)
	}
}

// TestGeminiExportHoldsEveryPathSpelling exports a persona that denies edits of secrets/ and
// lets Gemini's own PolicyEngine decide write_file and replace of that file however the model
// spells its path: as written, after ./, and from the root. None is allowed; an edit
// elsewhere is.
func TestGeminiExportHoldsEveryPathSpelling(t *testing.T) {
	bundle, node := geminiBundle(t)
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  \"*\": allow\n  edit:\n    \"*\": allow\n    \"secrets/*\": deny\n---\n")
	ex, err := ExportGemini(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]engine.Action{
		"secrets/token.txt": engine.Deny, "./secrets/token.txt": engine.Deny, "/home/u/proj/secrets/token.txt": engine.Deny,
		"src/a.go": engine.Allow,
	}
	var calls []geminiCall
	var order []string
	for path := range paths {
		for _, tool := range []string{"write_file", "replace"} {
			calls = append(calls, geminiCall{tool, map[string]any{"file_path": path, "content": "x"}})
			order = append(order, path)
		}
	}
	ans := geminiDecide(t, bundle, node, "p.toml", ex.Files[0].Data, calls)
	if len(ans.Errors) > 0 {
		t.Fatalf("Gemini does not load the export: %v", ans.Errors)
	}
	for i, path := range order {
		got, _ := parseGeminiDecision(ans.Decisions[i])
		if got != paths[path] {
			t.Errorf("%s of %q: Gemini %s, want %s", calls[i].Name, path, got, paths[path])
		}
	}
}
