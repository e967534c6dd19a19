package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestPiInstallListsTheExtensionForPiSubagentsChildrenAndUninstallTakesItOut(t *testing.T) {
	e, out, errb := testEnv(t, "")
	bin := filepath.Join(e.cwd, "agentmgr-bin")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(e.cwd, "agent", "settings.json")
	testfiles.Write(t, settings, `{"theme": "dark"}`)
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
		testfiles.Write(t, p, text)
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
	testfiles.Write(t, am, "")
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
