package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// `agentmgr pi` and `agentmgr opencode` walk the same verbs with the same lines: misuse,
// status, install, install again, uninstall, uninstall again, install into the project, and
// the project's state in status --json.
func TestRuntimeCommands(t *testing.T) {
	for _, rt := range []struct {
		name string
		// global and project are the file's paths in the folders, from the home folder and
		// the project's working directory.
		global, project func(home, cwd string) string
	}{
		{"pi",
			func(home, _ string) string { return filepath.Join(home, "agent", "extensions", "agentmgr", "index.ts") },
			func(_, cwd string) string { return filepath.Join(cwd, ".pi", "extensions", "agentmgr", "index.ts") }},
		{"opencode",
			func(home, _ string) string {
				return filepath.Join(home, ".config", "opencode", "plugin", "agentmgr.js")
			},
			func(_, cwd string) string { return filepath.Join(cwd, ".opencode", "plugin", "agentmgr.js") }},
	} {
		t.Run(rt.name, func(t *testing.T) {
			e, out, errb, bin := runtimeEnv(t)
			home := filepath.Dir(e.cwd)
			global, project := rt.global(home, e.cwd), rt.project(home, e.cwd)
			steps := []struct {
				args   []string
				code   int
				stdout string
				stderr string
			}{
				{[]string{}, 2, "", "give one of install, uninstall or status"},
				{[]string{"launch"}, 2, "", `unknown ` + rt.name + ` command "launch"`},
				{[]string{"status"}, 0, "global   not installed (" + global + ")", ""},
				{[]string{"install", "--binary", bin}, 0, "installed " + global + " (starts " + bin + ")", ""},
				{[]string{"install", "--binary", bin}, 0, "unchanged " + global, ""},
				{[]string{"status"}, 0, "starts " + bin, ""},
				{[]string{"uninstall"}, 0, "removed " + global, ""},
				{[]string{"uninstall"}, 0, "not installed: " + global, ""},
				{[]string{"install", "--project", "--binary", bin}, 0, "installed " + project, ""},
			}
			for _, s := range steps {
				out.Reset()
				errb.Reset()
				args := append([]string{rt.name}, s.args...)
				if code := run(args, e); code != s.code || !strings.Contains(out.String(), s.stdout) || !strings.Contains(errb.String(), s.stderr) {
					t.Fatalf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q, %q", args, code, out, errb, s.code, s.stdout, s.stderr)
				}
			}
			out.Reset()
			if code := run([]string{rt.name, "status", "--json"}, e); code != 0 {
				t.Fatalf("status --json: exit %d: %s", code, errb)
			}
			var r struct {
				Global  struct{ Installed bool }
				Project struct {
					Installed    bool
					Path, Binary string
				}
			}
			if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Global.Installed || !r.Project.Installed || r.Project.Path != project || r.Project.Binary != bin {
				t.Errorf("status --json = %s (%v)", out, err)
			}
		})
	}
}

// runtimeEnv is a test environment whose working directory is a project (proj, with a .git)
// in the home folder, with an agentmgr binary for install to start.
func runtimeEnv(t *testing.T) (e *env, out, errb *bytes.Buffer, bin string) {
	t.Helper()
	te, o, eb := testEnv(t, "")
	t.Setenv("XDG_CONFIG_HOME", "")
	home := te.cwd
	te.cwd = filepath.Join(home, "proj") // the home folder's .pi is never a project
	if err := os.MkdirAll(filepath.Join(te.cwd, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin = filepath.Join(home, "bin", "agentmgr")
	testfiles.WriteMode(t, bin, "x", 0o755)
	return te, o, eb, bin
}
