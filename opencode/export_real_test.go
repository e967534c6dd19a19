package opencode

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/personas"
)

// exportedPersona mixes allow, ask and deny rules for bash and the file tools, so that the real
// session loop meets each answer, wrapped and redirected commands and a path outside the
// project among them.
const exportedPersona = `---
name: mixed
description: Mixed rules for the real session loop.
permissions:
  "*": ask
  read: allow
  edit:
    "*": deny
    "notes/*": allow
  bash:
    "*": ask
    "git *": allow
    "ls *": allow
    "cat *": allow
    "echo *": allow
    "rm *": deny
---
You test.
`

// TestRealOpenCodeLoopDecidesAsTheExport exports a persona with agentmgr export's OpenCode
// conversion (no plugin: OpenCode's own rules decide) and makes each call of a mixed set in
// the real session loop, one run a call: a completed tool part is allow, "The user has
// specified a rule which prevents you" deny, an auto-rejected permission request ask. Every
// call must be decided as agentmgr's preview decides it, or be a call shape the export's
// report names ("OpenCode decides: …", from agentmgr's answer to OpenCode's). The calls are
// harmless in the test's project, whatever OpenCode decides.
func TestRealOpenCodeLoopDecidesAsTheExport(t *testing.T) {
	w := newWorld(t)
	p, probs := personas.Parse("mixed.md", []byte(exportedPersona), personas.ScopeGlobal)
	if p == nil {
		t.Fatalf("persona: %v", probs)
	}
	ex, err := convert.ExportOpenCode(p, []byte(exportedPersona))
	if err != nil {
		t.Fatal(err)
	}
	if err := convert.WriteFiles(filepath.Join(w.Project, ".opencode"), ex.Files, false); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, filepath.Join(w.Project, "victim.txt"), "keep me\n")
	// A real repository: OpenCode asks for a file's path relative to the repository's root,
	// which it finds with git (an empty .git folder is not one, and the paths are then relative
	// to the file system's root).
	if err := os.RemoveAll(filepath.Join(w.Project, ".git")); err != nil {
		t.Fatal(err)
	}
	gitInit := exec.Command("git", "init", "-q", w.Project)
	gitInit.Env = w.Env
	if out, err := gitInit.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	pol := (&engine.Policy{Persona: engine.CompileWithHome(p.Rules, w.Home)}).At(&engine.Place{Cwd: w.Project, Project: w.Project, Home: w.Home})

	type probe struct {
		key, value string
		call       scripted
	}
	bash := func(cmd string) probe {
		return probe{"bash", cmd, call("bash", map[string]string{"command": cmd, "description": "run"})}
	}
	file := func(tool, key, path string, args map[string]string) probe {
		args["filePath"] = path
		return probe{key, path, call(tool, args)}
	}
	outside := filepath.Join(w.Home, "outside.txt")
	testfiles.Write(t, outside, "outside\n")
	probes := []probe{
		bash("ls"), bash("git --version"), bash("cat hello.txt"), bash("rm victim.txt"),
		bash("bash -c 'rm victim.txt'"), bash("env A=1 rm victim.txt"), bash("echo hi > victim.txt"),
		bash("git --version && rm victim.txt"), bash("uname -a"), bash("cat " + outside),
		file("read", "read", filepath.Join(w.Project, "hello.txt"), map[string]string{}),
		file("read", "read", outside, map[string]string{}),
		file("write", "edit", filepath.Join(w.Project, "victim.txt"), map[string]string{"content": "lost\n"}),
		file("write", "edit", filepath.Join(w.Project, "notes", "a.md"), map[string]string{"content": "note\n"}),
	}
	agree := 0
	for _, pr := range probes {
		r := w.run("mixed", script(pr.call))
		got := loopDecision(t, r, pr.call.Tool)
		want := pol.DecideKey(pr.key, pr.value).Action
		if got == want {
			agree++
			continue
		}
		t.Logf("%s %q: agentmgr %s, the real OpenCode %s (%+v)", pr.key, pr.value, want, got, r.parts())
		if !namesShape(ex.Report, pr.key, want, got) {
			t.Errorf("%s %q: agentmgr %s, the real OpenCode %s, and the export's report has no such call shape: %+v", pr.key, pr.value, want, got, ex.Report.Changed)
		}
	}
	t.Logf("the real session loop decides %d of %d calls as agentmgr's preview", agree, len(probes))
	if agree*100 < len(probes)*85 {
		t.Errorf("the real session loop decides only %d of %d calls as agentmgr's preview", agree, len(probes))
	}
}

// loopDecision reads what OpenCode did with the run's one call of tool.
func loopDecision(t *testing.T, r run, tool string) engine.Action {
	t.Helper()
	ps := r.parts()
	if len(ps) == 0 {
		t.Fatalf("the run made no %s call\nstderr:\n%s", tool, r.stderr)
	}
	p := ps[0]
	switch {
	case p.status == "completed":
		return engine.Allow
	case strings.Contains(p.out, "specified a rule which prevents you"):
		return engine.Deny
	case strings.Contains(r.stderr, "permission requested") && strings.Contains(r.stderr, "auto-rejecting"):
		return engine.Ask
	}
	t.Fatalf("cannot tell how OpenCode decided the %s call: %s %q\nstderr:\n%s", tool, p.status, p.out, r.stderr)
	return ""
}

// namesShape reports whether the export's report lists calls of key that agentmgr decides want
// and OpenCode got.
func namesShape(rep *convert.Report, key string, want, got engine.Action) bool {
	for _, c := range rep.Changed {
		if strings.HasPrefix(c.What, fmt.Sprintf("OpenCode decides: %s ", key)) && c.From == string(want) && c.To == string(got) {
			return true
		}
	}
	return false
}
