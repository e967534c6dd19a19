package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestLintSharesTheFolderWithPiSubagents(t *testing.T) {
	e, out, _ := testEnv(t, "")
	agents := filepath.Join(e.cwd, "agent", "agents")
	files := map[string]string{
		// pi-subagents takes this persona for one of its agents, with other meanings.
		"flat.md": "---\ndescription: Flat rules\npermissions:\n  \"*\": allow\n  edit: deny\n---\n",
		// pi-subagents refuses this one: no warning.
		"shell.md": "---\ndescription: Shell rules\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": deny\n---\n",
		// pi-subagents' own agent: neither broken nor a persona.
		"scout.md": "---\nname: scout\ndescription: Recon\ntools: read, grep\n---\nLook.\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(agents, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(agents, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code := run([]string{"lint"}, e); code != 0 || strings.Contains(out.String(), "pi-subagents reads") {
		t.Fatalf("without pi-subagents installed: lint exit %d:\n%s; want 0 and no pi-subagents warning", code, out)
	}
	settings := filepath.Join(e.cwd, "agent", "settings.json")
	if err := os.WriteFile(settings, []byte(`{"packages": ["npm:pi-subagents@0.67.0"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"lint"}, e); code != 0 {
		t.Fatalf("lint exit %d; want 0 (pi-subagents' file is not broken):\n%s", code, out)
	}
	got := out.String()
	if !strings.Contains(got, "flat.md:1: pi-subagents") || !strings.Contains(got, "pi-subagents: pi-subagents reads this file as one of its agents too") {
		t.Errorf("lint = %s; want the pi-subagents warning for flat.md", got)
	}
	if strings.Contains(got, "shell.md: pi-subagents") || strings.Contains(got, "scout.md: error") {
		t.Errorf("lint = %s; want no warning for shell.md and scout.md not broken", got)
	}
	out.Reset()
	run([]string{"list"}, e)
	if strings.Contains(out.String(), "scout") && strings.Contains(out.String(), "failed") {
		t.Errorf("list = %s; want scout.md not listed as failed", out)
	}
}

func TestUseASubagentIsRefusedAsInPi(t *testing.T) {
	e, out, errb := testEnv(t, "")
	p := filepath.Join(e.cwd, "agent", "agents", "helper.md")
	testfiles.Write(t, p, "---\ndescription: Helps\ntype: subagent\npermissions: read\n---\n")
	if code := run([]string{"use", "helper"}, e); code != 1 || !strings.Contains(errb.String(), "helper is a subagent; it is not offered for switching") {
		t.Fatalf("use helper: exit %d, stdout %q, stderr %q; want refused like /agent helper", code, out, errb)
	}
	if data, err := os.ReadFile(filepath.Join(e.cwd, "agent", "agent-manager", "state.json")); err == nil && strings.Contains(string(data), "helper") {
		t.Errorf("state.json = %s; want helper not active", data)
	}
}
