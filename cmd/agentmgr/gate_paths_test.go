package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testproc"
)

// etcGuard allows everything but a write or read of the tree's etc folder.
const etcGuard = `---
name: etcguard
description: Everything but etc
permissions:
  "*": allow
  edit:
    "*": allow
    "ROOT/etc/*": deny
  read:
    "*": allow
    "ROOT/etc/*": deny
---
Guard etc.
`

// The gate decides the file the kernel opens, not the path a lexical clean makes: through a
// symbolic link's `..` and through another process's /proc links, for Claude Code's Edit,
// Write, Read and Bash, and check says the same.
func TestGateDecidesTheFileTheKernelOpens(t *testing.T) {
	e, _, _ := testEnv(t, "")
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"etc", "run", "var", "proj/.git"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "etc", "motd"), []byte("hi\n"), 0o644)
	if err := os.Symlink("../run", filepath.Join(root, "var", "run")); err != nil {
		t.Fatal(err)
	}
	writeAgent(t, "etcguard.md", strings.ReplaceAll(etcGuard, "ROOT", root))
	proj := filepath.Join(root, "proj")
	paths := []string{root + "/var/run/../etc/motd"}
	if runtime.GOOS == "linux" {
		pid := testproc.Child(t, proj)
		paths = append(paths, "/proc/"+pid+"/root"+root+"/etc/motd", "/proc/"+pid+"/cwd/../var/run/../etc/motd")
	}
	for _, p := range paths {
		for _, c := range []struct{ tool, input string }{
			{"Edit", `{"file_path":` + quoteJSON(p) + `,"old_string":"hi","new_string":"owned"}`},
			{"Write", `{"file_path":` + quoteJSON(p) + `,"content":"owned"}`},
			{"Read", `{"file_path":` + quoteJSON(p) + `}`},
			{"Bash", `{"command":` + quoteJSON("echo owned > "+p) + `}`},
		} {
			out := runGateCmd(claudeEvent(proj, c.tool, c.input), "claude", "--agent", "etcguard")
			if action, reason := gateAnswer(t, "claude", out); action != "deny" {
				t.Errorf("gate claude %s %s: %s (%s), want deny", c.tool, p, action, reason)
			}
		}
		e.cwd = proj
		for _, tool := range []string{"edit", "write", "read"} {
			var out, errb strings.Builder
			e.stdout, e.stderr = &out, &errb
			run([]string{"check", "--agent", "etcguard", tool, p}, e)
			if !strings.HasPrefix(out.String(), "deny") {
				t.Errorf("check %s %s printed %q, want deny", tool, p, out.String())
			}
		}
	}
}
