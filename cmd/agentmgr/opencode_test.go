package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// Besides the verbs TestRuntimeCommands walks: install names the personas whose hidden tools
// the plugin cannot hide, and install and status name what else decides OpenCode's calls.
func TestOpenCodeCommandSaysWhatThePluginCannotDo(t *testing.T) {
	e, out, errb, bin := runtimeEnv(t)
	// The planner hides edit: the plugin cannot, the exported agent can. It allows todo,
	// which governs OpenCode's todowrite.
	if code := run([]string{"opencode", "install", "--binary", bin}, e); code != 0 || !strings.Contains(out.String(), "planner hides bash, write, edit, multiedit, apply_patch, patch, codesearch, question, skill, lsp: "+
		"the plugin blocks every call of them, but OpenCode still offers them to the model; `agentmgr export planner --to opencode` writes an OpenCode agent that hides them") {
		t.Fatalf("install: exit %d, stdout %q, stderr %q", code, out, errb)
	}
	// A permission config decides too: install and status say so.
	writeFile(t, e.cwd, "opencode.json", `{"permission": {"bash": "ask"}}`)
	out.Reset()
	errb.Reset()
	if code := run([]string{"opencode", "install", "--project", "--binary", bin}, e); code != 0 || !strings.Contains(errb.String(), "warning: permission permission ("+filepath.Join(e.cwd, "opencode.json")+")") {
		t.Fatalf("install beside a permission config: exit %d, stderr %q", code, errb)
	}
	out.Reset()
	if code := run([]string{"opencode", "status"}, e); code != 0 || !strings.Contains(out.String(), "also deciding: permission permission ("+filepath.Join(e.cwd, "opencode.json")+")") {
		t.Fatalf("status: exit %d, stdout %q", code, out)
	}
	out.Reset()
	if code := run([]string{"opencode", "status", "--json"}, e); code != 0 {
		t.Fatalf("status --json: exit %d: %s", code, errb)
	}
	var r struct {
		Others []struct{ Kind, Name, Where string }
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || len(r.Others) != 1 || r.Others[0].Kind != "permission" {
		t.Errorf("status --json = %s (%v)", out, err)
	}
}

// The OpenCode folders are found from the command's environment, as every other command's
// folders: its HOME, not the process's.
func TestOpenCodeFindsTheHomeOfTheCommandsEnvironment(t *testing.T) {
	e, out, _ := testEnv(t, "")
	home := filepath.Join(t.TempDir(), "their-home")
	env := map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": filepath.Join(home, ".pi", "agent")}
	e.getenv = func(k string) string { return env[k] }
	if code := run([]string{"opencode", "status", "--json"}, e); code != 0 {
		t.Fatalf("status exited %d", code)
	}
	if want := filepath.Join(home, ".config", "opencode"); !strings.Contains(out.String(), want) {
		t.Errorf("status = %s, want the folders under the environment's home %s", out, want)
	}
}
