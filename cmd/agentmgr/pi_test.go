package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPiCommand(t *testing.T) {
	e, out, errb := testEnv(t, "")
	home := e.cwd
	e.cwd = filepath.Join(home, "proj") // the home folder's .pi is never a project
	if err := os.MkdirAll(e.cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(home, "bin", "agentmgr")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(home, "agent", "extensions", "agentmgr", "index.ts")
	steps := []struct {
		args   []string
		code   int
		stdout string
	}{
		{[]string{"pi"}, 2, ""},
		{[]string{"pi", "launch"}, 2, ""},
		{[]string{"pi", "status"}, 0, "not installed"},
		{[]string{"pi", "install", "--binary", bin}, 0, "installed " + ext},
		{[]string{"pi", "install", "--binary", bin}, 0, "unchanged " + ext},
		{[]string{"pi", "status"}, 0, "starts " + bin},
		{[]string{"pi", "uninstall"}, 0, "removed " + ext},
		{[]string{"pi", "uninstall"}, 0, "not installed"},
		{[]string{"pi", "install", "--project", "--binary", bin}, 0, "installed " + filepath.Join(e.cwd, ".pi", "extensions", "agentmgr", "index.ts")},
	}
	for _, s := range steps {
		out.Reset()
		errb.Reset()
		if code := run(s.args, e); code != s.code || !strings.Contains(out.String(), s.stdout) {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", s.args, code, out, errb, s.code, s.stdout)
		}
	}
	out.Reset()
	if code := run([]string{"pi", "status", "--json"}, e); code != 0 {
		t.Fatalf("status --json: exit %d: %s", code, errb)
	}
	var r struct {
		Global  struct{ Installed bool }
		Project struct {
			Installed bool
			Binary    string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Global.Installed || !r.Project.Installed || r.Project.Binary != bin {
		t.Errorf("status --json = %s (%v)", out, err)
	}
}

func TestPiInstallListsTheExtensionForPiSubagentsChildrenAndUninstallTakesItOut(t *testing.T) {
	e, out, errb := testEnv(t, "")
	bin := filepath.Join(e.cwd, "agentmgr-bin")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(e.cwd, "agent", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(`{"theme": "dark"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(e.cwd, "agent", "extensions", "agentmgr", "index.ts")
	if code := run([]string{"pi", "install", "--binary", bin}, e); code != 0 {
		t.Fatalf("install: exit %d: %s", code, errb)
	}
	var s struct {
		Theme     string
		Subagents struct{ DefaultExtensions []string }
	}
	data, _ := os.ReadFile(settings)
	if err := json.Unmarshal(data, &s); err != nil || s.Theme != "dark" || len(s.Subagents.DefaultExtensions) != 1 || s.Subagents.DefaultExtensions[0] != ext {
		t.Fatalf("settings after install = %s (%v); want the theme kept and defaultExtensions [%s]", data, err, ext)
	}
	if !strings.Contains(out.String(), "subagents.defaultExtensions") {
		t.Errorf("install said %q; want it to name subagents.defaultExtensions", out)
	}
	if code := run([]string{"pi", "uninstall"}, e); code != 0 {
		t.Fatalf("uninstall: exit %d: %s", code, errb)
	}
	data, _ = os.ReadFile(settings)
	if string(data) != "{\n  \"theme\": \"dark\"\n}\n" {
		t.Fatalf("settings after uninstall = %q; want only the theme", data)
	}
}

func TestPiStatusWarnsThatTheAMIgnoresPatternRulesUnderPi16(t *testing.T) {
	e, out, _ := testEnv(t, "")
	agent := filepath.Join(e.cwd, "agent")
	for path, text := range map[string]string{
		"agents/careful.md":                        "---\ndescription: Asks for rm\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": ask\n---\n",
		"extensions/pi-agent-manager/src/index.ts": "",
	} {
		p := filepath.Join(agent, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code := run([]string{"pi", "status"}, e); code != 0 {
		t.Fatalf("status: exit %d", code)
	}
	if !strings.Contains(out.String(), "careful.md") || !strings.Contains(out.String(), "does not apply pattern rules under pi 1.6") {
		t.Errorf("pi status = %s; want the pattern-rule warning for careful.md", out)
	}
}

func TestPiInstallWarnsAboutKeysPiSkipsAndKeysCheckAboutTheAMsClash(t *testing.T) {
	e, out, errb := testEnv(t, "")
	bin := filepath.Join(e.cwd, "agentmgr-bin")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"pi", "install", "--binary", bin}, e); code != 0 {
		t.Fatalf("install: exit %d: %s", code, errb)
	}
	if !strings.Contains(errb.String(), `piAgentManager.next "shift+tab"`) || !strings.Contains(errb.String(), "agentmgr keys set piAgentManager.next") {
		t.Errorf("install stderr = %q; want the skipped shift+tab and the command that fixes it", errb)
	}
	am := filepath.Join(e.cwd, "agent", "extensions", "pi-agent-manager", "src", "index.ts")
	if err := os.MkdirAll(filepath.Dir(am), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(am, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	run([]string{"keys", "check"}, e)
	if !strings.Contains(out.String(), "both register alt+a") || !strings.Contains(out.String(), "/agents:1") {
		t.Errorf("keys check = %s; want the shortcut and command clashes of the two extensions", out)
	}
	if err := os.RemoveAll(filepath.Dir(filepath.Dir(am))); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	run([]string{"keys", "check"}, e)
	if strings.Contains(out.String(), "both register") {
		t.Errorf("keys check without the AM = %s; want no clash", out)
	}
}
