package opencode

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// carefulPersona is named like an OpenCode agent of the project: it decides that agent's
// calls instead of the active persona.
const carefulPersona = `---
description: Reads, never cats
permissions:
  "*": allow
  bash:
    "cat *": deny
---
`

// scoutPersona is named like an OpenCode subagent: it binds the subagent besides its caller.
const scoutPersona = `---
description: Looks around, never lists
type: subagent
permissions:
  "*": allow
  bash:
    "ls *": deny
---
`

// The project's OpenCode agents: careful is a primary agent, scout and helper are subagents
// (helper has no persona of its name).
const (
	carefulAgent = "---\ndescription: A careful agent\nmode: primary\n---\nBe careful.\n"
	scoutAgent   = "---\ndescription: Looks around\nmode: subagent\n---\nLook around.\n"
	helperAgent  = "---\ndescription: Helps\nmode: subagent\n---\nHelp.\n"
)

// setUp writes the personas and OpenCode agents, makes guarded active and installs the
// plugin globally with the built binary.
func setUp(t *testing.T) *world {
	w := newWorld(t)
	testfiles.Write(t, filepath.Join(w.Agent, "agents", "guarded.md"), e2etest.GuardedPersona)
	testfiles.Write(t, filepath.Join(w.Agent, "agents", "careful.md"), carefulPersona)
	testfiles.Write(t, filepath.Join(w.Agent, "agents", "scout.md"), scoutPersona)
	testfiles.Write(t, filepath.Join(w.Project, ".opencode", "agent", "careful.md"), carefulAgent)
	testfiles.Write(t, filepath.Join(w.Project, ".opencode", "agent", "scout.md"), scoutAgent)
	testfiles.Write(t, filepath.Join(w.Project, ".opencode", "agent", "helper.md"), helperAgent)
	testfiles.Write(t, filepath.Join(w.Project, "victim.txt"), "keep me\n")
	w.Agentmgr("use", "guarded")
	if out := w.Agentmgr("opencode", "install"); !strings.HasPrefix(out, "installed ") {
		t.Fatalf("opencode install: %s", out)
	}
	return w
}

// blocked fails unless the run's i-th call, of tool, ended in an error holding every one of
// want, and the model read the first of them as the call's result.
func blocked(t *testing.T, r run, i int, tool string, want ...string) {
	t.Helper()
	p := r.part(t, i, tool)
	if p.status != "error" {
		t.Fatalf("call %d (%s) ended %s with %q; want it blocked", i, tool, p.status, p.out)
	}
	for _, w := range want {
		if !strings.Contains(p.out, w) {
			t.Errorf("call %d (%s) was blocked with %q; want it to say %q", i, tool, p.out, w)
		}
	}
	if !anyHas(r.results, want[0]) {
		t.Errorf("the model read %q; want the reason %q", r.results, want[0])
	}
}

// ran fails unless the run's i-th call, of tool, ran and its output holds want.
func ran(t *testing.T, r run, i int, tool, want string) {
	t.Helper()
	if p := r.part(t, i, tool); p.status != "completed" || !strings.Contains(p.out, want) {
		t.Fatalf("call %d (%s) ended %s with %q; want it run, showing %q", i, tool, p.status, p.out, want)
	}
}

func keptVictim(t *testing.T, w *world) {
	t.Helper()
	if data, err := os.ReadFile(filepath.Join(w.Project, "victim.txt")); err != nil || string(data) != "keep me\n" {
		t.Fatalf("victim.txt is %q (%v); want it kept as it was", data, err)
	}
}

// One OpenCode run makes a scripted series of calls; each is decided on its own.
func TestRealOpenCode(t *testing.T) {
	w := setUp(t)
	persona := filepath.Join(w.Agent, "agents", "guarded.md")
	victim := filepath.Join(w.Project, "victim.txt")
	bash := func(command string) scripted {
		return call("bash", map[string]string{"command": command, "description": "run"})
	}

	r := w.run("", script(
		bash("rm victim.txt"),
		bash("bash -c 'rm victim.txt'"),
		call("read", map[string]string{"filePath": filepath.Join(w.Project, "hello.txt")}),
		call("edit", map[string]string{"filePath": victim, "oldString": "keep", "newString": "lost"}),
		call("write", map[string]string{"filePath": victim, "content": "lost\n"}),
		bash("git --version"),
		bash("cat hello.txt"),
	))
	t.Run("a denied rm is blocked with the persona's rule, logged, and its target kept", func(t *testing.T) {
		blocked(t, r, 0, "bash", `persona "guarded": deny bash "rm victim.txt" by rule "bash" "rm *" deny`, persona+":7")
		keptVictim(t, w)
		es, err := reviewlog.Read(locations.Dirs{Agent: w.Agent}.ReviewLog(), reviewlog.Filter{})
		if err != nil || len(es) == 0 {
			t.Fatalf("review log: %v, %v", es, err)
		}
		first := es[0]
		if first.Action != "deny" || first.Tool != "bash" || first.Rule == nil || first.Rule.Pattern != "rm *" || !strings.HasPrefix(first.Session, "ses_") {
			t.Errorf("first review log entry = %+v; want the deny of OpenCode's session with rule rm *", first)
		}
	})
	t.Run("rm inside bash -c is blocked too", func(t *testing.T) {
		blocked(t, r, 1, "bash", `deny bash "rm victim.txt"`, persona+":7")
		keptVictim(t, w)
	})
	t.Run("an allowed read runs", func(t *testing.T) {
		ran(t, r, 2, "read", "hello from the project")
	})
	t.Run("an edit the persona denies is blocked", func(t *testing.T) {
		blocked(t, r, 3, "edit", `deny edit "`+victim+`" by rule "edit" "*" deny`)
		blocked(t, r, 4, "write", `deny edit "`+victim+`"`)
		keptVictim(t, w)
	})
	t.Run("an ask with nobody to answer is denied with the reason", func(t *testing.T) {
		blocked(t, r, 5, "bash", `ask bash "git --version" by rule "bash" "git *" ask`, "nobody is serving agentmgr's inbox")
	})
	t.Run("the persona named like the OpenCode agent decides instead of the active one", func(t *testing.T) {
		ran(t, r, 6, "bash", "hello from the project") // OpenCode's build agent has no persona: guarded decides
		r := w.run("careful", script(bash("cat hello.txt")))
		blocked(t, r, 0, "bash", `persona "careful": deny bash "cat hello.txt"`)
	})
	t.Run("a subagent is bound by its own persona and its caller's", func(t *testing.T) {
		task := func(agent, command string) scripted {
			return call("task", map[string]string{"description": "look", "subagent_type": agent, "prompt": script(bash(command))})
		}
		r := w.run("", script(task("scout", "ls"), task("scout", "rm victim.txt"), task("helper", "rm victim.txt")))
		scout := filepath.Join(w.Agent, "agents", "scout.md")
		// guarded allows ls; scout, the subagent's persona, denies it.
		if !anyHas(r.results, `persona "scout, with guarded": deny bash "ls"`, scout+":7") {
			t.Errorf("ls in the scout subagent: the model read %q; want scout's deny", r.results)
		}
		// scout allows rm; guarded, the caller's persona, denies it.
		if !anyHas(r.results, `persona "scout, with guarded": deny bash "rm victim.txt"`, persona+":7") {
			t.Errorf("rm in the scout subagent: the model read %q; want guarded's deny", r.results)
		}
		// helper has no persona: the caller's decides.
		if !anyHas(r.results, `persona "guarded": deny bash "rm victim.txt"`, persona+":7") {
			t.Errorf("rm in the helper subagent: the model read %q; want guarded's deny", r.results)
		}
		keptVictim(t, w)
	})
}

// anyHas reports whether one of list holds every one of want.
func anyHas(list []string, want ...string) bool {
	for _, x := range list {
		all := true
		for _, w := range want {
			all = all && strings.Contains(x, w)
		}
		if all {
			return true
		}
	}
	return false
}

// An ask goes to the app's inbox, exactly as the gate's do: the app (here its server, in the
// test) asks the person, whose answer decides the call, both ways.
func TestRealOpenCodeAsksTheApp(t *testing.T) {
	w := setUp(t)
	asked := make(chan inbox.Request, 4)
	answers := make(chan approvals.ReplyKind, 2)
	answers <- approvals.Once
	answers <- approvals.Reject
	e2etest.App(t, w.Agent, func(_ context.Context, p *inbox.Prompt) {
		asked <- p.Request
		_ = p.Reply(approvals.Reply{Kind: <-answers, Message: "not now"})
	})

	r := w.run("", script(
		call("bash", map[string]string{"command": "git --version", "description": "version"}),
		call("bash", map[string]string{"command": "git status", "description": "status"}),
	))
	ran(t, r, 0, "bash", "git version")
	blocked(t, r, 1, "bash", "not now")
	for _, want := range []string{"git --version", "git status"} {
		select {
		case req := <-asked:
			if req.Tool != "bash" || req.Value != want || req.Agent != "guarded" {
				t.Errorf("the app was asked %+v; want bash %q of guarded", req, want)
			}
		default:
			t.Fatalf("the app was never asked about %q", want)
		}
	}
}

// A serve that answers late or with nonsense, or cannot be started, never lets a call
// through: the plugin blocks the call, saying why.
func TestRealOpenCodeFailsClosed(t *testing.T) {
	w := newWorld(t)
	fake := e2etest.BrokenServe(t, w.Home)
	w.Agentmgr("opencode", "install", "--binary", fake)
	testfiles.Write(t, filepath.Join(w.Project, "late.txt"), "late\n")
	r := w.run("", script(
		call("read", map[string]string{"filePath": filepath.Join(w.Project, "late.txt")}),
		call("read", map[string]string{"filePath": filepath.Join(w.Project, "hello.txt")}),
	))
	blocked(t, r, 0, "read", "no answer within 5 s")
	blocked(t, r, 1, "read", "malformed answer")

	if err := os.Remove(fake); err != nil {
		t.Fatal(err)
	}
	r = w.run("", script(call("read", map[string]string{"filePath": filepath.Join(w.Project, "hello.txt")})))
	blocked(t, r, 0, "read", "could not run")
}

// Uninstall removes exactly what install wrote; OpenCode then runs without agentmgr.
func TestRealOpenCodeUninstallLeavesNothingBehind(t *testing.T) {
	w := newWorld(t)
	testfiles.Write(t, filepath.Join(w.Agent, "agents", "guarded.md"), e2etest.GuardedPersona)
	w.Agentmgr("use", "guarded")
	testfiles.Write(t, filepath.Join(w.Project, "victim.txt"), "keep me\n")
	before := listFiles(t, w.Home)
	w.Agentmgr("opencode", "install")
	w.Agentmgr("opencode", "install", "--project")
	rm := script(call("bash", map[string]string{"command": "rm victim.txt", "description": "remove"}))
	r := w.run("", rm)
	blocked(t, r, 0, "bash", `deny bash "rm victim.txt"`)
	after := listFiles(t, w.Home)
	w.Agentmgr("opencode", "uninstall")
	w.Agentmgr("opencode", "uninstall", "--project")
	left := listFiles(t, w.Home)
	// What OpenCode's run itself wrote stays; of what install wrote, nothing.
	for _, f := range left {
		if !contains(after, f) {
			t.Errorf("uninstall added %s", f)
		}
	}
	for _, f := range left {
		if !contains(before, f) && strings.Contains(f, "plugin") {
			t.Errorf("uninstall left %s", f)
		}
	}
	for _, f := range []string{filepath.Join(w.Home, ".config", "opencode", "plugin"), filepath.Join(w.Project, ".opencode", "plugin")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("uninstall left %s", f)
		}
	}
	r = w.run("", rm)
	if p := r.part(t, 0, "bash"); p.status != "completed" {
		t.Fatalf("rm after uninstall ended %s with %q; want OpenCode to run it without agentmgr", p.status, p.out)
	}
	if _, err := os.Stat(filepath.Join(w.Project, "victim.txt")); err == nil {
		t.Fatal("victim.txt is still there: the plugin still decides after uninstall")
	}
}

// listFiles lists every file and folder under dir, relative to it.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
