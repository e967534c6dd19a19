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
