package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestImportPPSReadsWherePiReads: with no PATH, import pps reads the agent dir's and the
// working directory's config, and the persona it writes decides as the configs say.
func TestImportPPSReadsWherePiReads(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, ".pi", "agent")
	proj := filepath.Join(home, "proj")
	write := func(p, text string) {
		testfiles.Write(t, p, text)
	}
	write(filepath.Join(agent, "extensions", "pi-permission-system", "config.json"), `{"permission": {"*": "allow", "path": {"*": "allow", "*.env": "deny"}, "bash": {"*": "allow", "git push *": "ask"}}}`)
	write(filepath.Join(proj, ".pi", "extensions", "pi-permission-system", "config.json"), `{"permission": {"bash": {"rm *": "deny"}}}`)
	getenv := func(k string) string { return map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": agent}[k] }
	cli := func(args ...string) string {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: proj, getenv: getenv}
		if code := run(args, e); code != 0 {
			t.Fatalf("agentmgr %v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	out := cli("import", "pi-permission-system", "--guards")
	for _, want := range []string{"wrote", "wrapper floor", "wrappers: ask"} {
		if !strings.Contains(out+testfiles.Read(t, filepath.Join(agent, "agents", "pps.md")), want) {
			t.Errorf("no %q in the import's report or persona:\n%s", want, out)
		}
	}
	if g := testfiles.Read(t, filepath.Join(agent, "agent-manager", "guards.yaml")); !strings.Contains(g, "path:") || !strings.Contains(g, `"*.env": deny`) {
		t.Errorf("guards.yaml:\n%s", g)
	}
	// The guard holds for every persona: the built-in builder may not read .env either.
	if got := cli("check", "--agent", "builder", "read", ".env"); !strings.HasPrefix(got, "deny") {
		t.Errorf("builder reads .env: %s", got)
	}
	for _, tc := range []struct{ tool, value, want string }{
		{"read", ".env", "deny"}, {"bash", "cat .env", "deny"}, {"bash", "git push origin", "ask"},
		{"bash", "rm -rf build", "deny"}, {"bash", "sudo ls", "ask"}, {"read", "src/a.go", "allow"},
	} {
		if got := cli("check", "--agent", "pps", tc.tool, tc.value); !strings.HasPrefix(got, tc.want) {
			t.Errorf("check %s %q = %s, want %s", tc.tool, tc.value, got, tc.want)
		}
	}
}

// TestImportPPSGuardsMergesIntoExistingFile: --guards merges into a guards file the person
// wrote: their rules, comments and order stay, the imported rules that add something join
// them, an imported allow that would loosen their deny is not written, and the output says
// what was added and what was not.
func TestImportPPSGuardsMergesIntoExistingFile(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, ".pi", "agent")
	proj := filepath.Join(home, "proj")
	guards := filepath.Join(agent, "agent-manager", "guards.yaml")
	mine := "# my own guards\npath:\n  \"secrets/*\": deny # never\nbash:\n  \"rm -rf *\": deny\n"
	for p, text := range map[string]string{
		filepath.Join(agent, "extensions", "pi-permission-system", "config.json"): `{"permission": {"*": "allow", "path": {"*": "allow", "*.env": "deny", "secrets/public/*": "allow"}}}`,
		guards: mine,
	} {
		testfiles.Write(t, p, text)
	}
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": agent}[k] }
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: proj, getenv: getenv}
	if code := run([]string{"import", "pi-permission-system", "--guards"}, e); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	g := testfiles.Read(t, guards)
	if !strings.HasPrefix(g, mine[:len(mine)-len("bash:\n  \"rm -rf *\": deny\n")]) || !strings.Contains(g, "# never") || !strings.Contains(g, `"*.env": deny`) || strings.Contains(g, "secrets/public") {
		t.Errorf("guards.yaml:\n%s", g)
	}
	if strings.Index(g, "path:") > strings.Index(g, "bash:") || strings.Count(g, "path:") != 1 {
		t.Errorf("the imported path rules are not with the file's path rules:\n%s", g)
	}
	for _, want := range []string{"merged into " + guards, `added "path" "*.env" deny`, `not written "path" "secrets/public/*" allow`, "loosen"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in the output:\n%s", want, out.String())
		}
	}
	var cout bytes.Buffer
	e = &env{stdin: strings.NewReader(""), stdout: &cout, stderr: &errb, cwd: proj, getenv: getenv}
	run([]string{"check", "--agent", "builder", "read", "secrets/public/a"}, e)
	if !strings.HasPrefix(cout.String(), "deny") {
		t.Errorf("the file's deny no longer holds: %s", cout.String())
	}
}
