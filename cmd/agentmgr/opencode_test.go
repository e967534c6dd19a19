package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenCodeCommand(t *testing.T) {
	e, out, errb := testEnv(t, "")
	t.Setenv("XDG_CONFIG_HOME", "")
	home := e.cwd
	e.cwd = filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(e.cwd, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(home, "bin", "agentmgr")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	plugin := filepath.Join(home, ".config", "opencode", "plugin", "agentmgr.js")
	project := filepath.Join(e.cwd, ".opencode", "plugin", "agentmgr.js")
	steps := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"opencode"}, 2, "", ""},
		{[]string{"opencode", "launch"}, 2, "", ""},
		{[]string{"opencode", "status"}, 0, "not installed", ""},
		{[]string{"opencode", "install", "--binary", bin}, 0, "installed " + plugin, ""},
		// The planner hides edit: the plugin cannot, the exported agent can. It allows todo,
		// which governs OpenCode's todowrite.
		{[]string{"opencode", "install", "--binary", bin}, 0, "planner hides bash, write, edit, multiedit, apply_patch, patch, codesearch, question, skill, lsp: " +
			"the plugin blocks every call of them, but OpenCode still offers them to the model; `agentmgr export planner --to opencode` writes an OpenCode agent that hides them", ""},
		{[]string{"opencode", "status"}, 0, "starts " + bin, ""},
		{[]string{"opencode", "uninstall"}, 0, "removed " + plugin, ""},
		{[]string{"opencode", "uninstall"}, 0, "not installed", ""},
		{[]string{"opencode", "install", "--project", "--binary", bin}, 0, "installed " + project, ""},
	}
	for _, s := range steps {
		out.Reset()
		errb.Reset()
		if code := run(s.args, e); code != s.code || !strings.Contains(out.String(), s.stdout) || !strings.Contains(errb.String(), s.stderr) {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q, %q", s.args, code, out, errb, s.code, s.stdout, s.stderr)
		}
	}
	// Another plugin and a permission config decide too: install and status say so.
	writeFile(t, e.cwd, "opencode.json", `{"permission": {"bash": "ask"}}`)
	out.Reset()
	errb.Reset()
	if code := run([]string{"opencode", "install", "--project", "--binary", bin}, e); code != 0 || !strings.Contains(errb.String(), "warning: permission permission ("+filepath.Join(e.cwd, "opencode.json")+")") {
		t.Fatalf("install beside a permission config: exit %d, stderr %q", code, errb)
	}
	out.Reset()
	if code := run([]string{"opencode", "status", "--json"}, e); code != 0 {
		t.Fatalf("status --json: exit %d: %s", code, errb)
	}
	var r struct {
		Global  struct{ Installed bool }
		Project struct {
			Installed bool
			Binary    string
		}
		Others []struct{ Kind, Name, Where string }
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Global.Installed || !r.Project.Installed || r.Project.Binary != bin || len(r.Others) != 1 {
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
